import type { Envelope } from "../../contract/envelope";
import { http } from "../../providers/http";
import type { SiteSettings } from "./SiteSettings";

export async function loadSiteSettings(): Promise<SiteSettings> {
  const body = await http.get<Envelope<SiteSettings>>("/api/open/site", { noAuth: true, silent: true });
  if (!body.result) throw new Error("site settings missing from the answer");
  return body.result;
}
