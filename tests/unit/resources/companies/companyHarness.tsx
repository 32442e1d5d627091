import type { InternalAxiosRequestConfig } from "axios";
import { useSearchParams } from "react-router";
import CompanyList from "../../../../resources/companies/CompanyList";
import { renderInRefine } from "../../access/refineHarness";
import type { Answer } from "../../providers/network";

export const ARCHIVE_MARK = "archive-mark";

export const rows = [
  { id: 5, name: "蓉芯微电子设计（示例）有限公司", creditCode: "91510107REPLNNJ2EB", district: "成都高新区", segment: "design", owners: [{ id: 21, name: "王芳" }] },
  { id: 6, name: "芯蓉封装测试（示例）有限公司", creditCode: null, district: null, segment: null, owners: [] },
];

export const fullCompany = {
  ...rows[0],
  address: "成都高新区天府大道中段1388号（示例）",
  contactPerson: "王晓峰",
  contactPhone: "028-85001234",
};

export const ok = (result?: unknown, status?: 1): Answer => ({
  data: { code: 200, message: "success", result, ...(status ? { status } : {}) },
});

export const SEARCH = "/api/company/search";
export const SAVE = "/api/company/save";
export const IMPORT = "/api/company/import";
export const OWNERS = "/api/company/owners";
export const OWNER_CANDIDATES = "/api/company/ownerCandidates";
export const candidates = [
  { id: 21, name: "王芳" },
  { id: 22, name: "李强" },
];

/** The company calls answered with fixed data; `over` answers a url first. */
/** GET …/:id and POST: a company's "no visit for N days" rule. */
export const FOLLOWUP_RULE = "/api/company/followupRule";

export function companyReply(over: Record<string, Answer> = {}) {
  return (config: InternalAxiosRequestConfig): Answer => {
    const url = config.url ?? "";
    if (over[url]) return over[url];
    if (url === SEARCH) return ok({ records: rows, total: 2, current: 1, size: 10 });
    if (url === "/api/company/5") return ok(fullCompany);
    if (url === OWNER_CANDIDATES) return ok(candidates);
    if (url === `${FOLLOWUP_RULE}/5`) return ok({ compId: 5, days: null });
    return { status: 404, data: { code: 404, message: `unexpected ${url}` } };
  };
}

export const bodyOf = (config: InternalAxiosRequestConfig): unknown =>
  typeof config.data === "string" ? JSON.parse(config.data) : config.data;

export const sentTo = (seen: InternalAxiosRequestConfig[], url: string) => seen.filter((c) => c.url === url).map(bodyOf);

/** /serviceFiles as the archive page is meant to use the finder: the list without an id, the archive with one. */
function ServiceFilesStandIn() {
  const [params] = useSearchParams();
  const id = params.get("id");
  return id ? <div data-testid={ARCHIVE_MARK}>{id}</div> : <CompanyList />;
}

export const renderFinder = (search = "") => renderInRefine(`/serviceFiles${search}`, <ServiceFilesStandIn />);
