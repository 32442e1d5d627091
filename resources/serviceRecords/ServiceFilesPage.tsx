import { useSearchParams } from "react-router";
import { lazyPage } from "../../src/lazyPage";

// The finder and the archive share a route but little code: each visit loads only the one it shows.
const CompanyList = lazyPage(() => import("../companies/CompanyList"));
const CompanyArchive = lazyPage(() => import("./CompanyArchive"));

/**
 * SPEC 2 /serviceFiles?id={compId}: the company's service records and dimension questionnaires.
 * Without an id the page is the company finder that leads to an archive.
 */
export default function ServiceFilesPage() {
  const [params] = useSearchParams();
  // The API takes ids as JSON numbers; an id that is not one leads to the finder.
  const compId = Number(params.get("id") ?? "");
  return Number.isSafeInteger(compId) && compId > 0 ? <CompanyArchive compId={compId} /> : <CompanyList />;
}
