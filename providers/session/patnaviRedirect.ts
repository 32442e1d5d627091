import type { Envelope } from "../../contract/envelope";
import type { JumpUrl } from "../../contract/schemas/patnavi";
import { http } from "../http";

/** The two hand-offs of POST /api/spsp/patnavi/getPatnaviRedirectUrl (SPEC 7). */
export type PatnaviRedirect = { patNaviRedirectTypeEnum: "PATENT_LIST"; keywords: string } | { code: "A4" };

/**
 * The address the patent-navigation platform answers for a hand-off. Silent: a refusal (40301 while
 * the enterprise certification is under review) is for the caller to show.
 */
export async function patnaviJumpUrl(request: PatnaviRedirect): Promise<string> {
  const answer = await http.post<Envelope<JumpUrl>>("/api/spsp/patnavi/getPatnaviRedirectUrl", request, {
    bearer: true,
    silent: true,
  });
  const jumpUrl = answer.result?.jumpUrl;
  if (!jumpUrl) throw new Error("no jumpUrl in the patent-navigation answer");
  return jumpUrl;
}
