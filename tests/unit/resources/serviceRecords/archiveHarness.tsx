import type { InternalAxiosRequestConfig } from "axios";
import type { Answer } from "../../providers/network";

export const COMP = "5";

export const rows = [
  { id: 31, compId: 5, researchers: "李研", contactPerson: "张三", contactPersonPhone: "13800000000", comprehensiveEvaluation: "excellent", serviceTime: "2024-05-01 12:00:00", createBy: "staff", createDate: "2024-05-01 12:00:00" },
  { id: 32, compId: 5, researchers: "王研", contactPerson: "李四", contactPersonPhone: "028-1234567", comprehensiveEvaluation: "average", serviceTime: "", createBy: "staff", createDate: "2024-05-02 12:00:00" },
];

/** A stored record as queryById answers it, which its author may edit. */
export const storedRecord = {
  id: 31, compId: 5, companyName: "芯片公司", researchers: "李研", contactPerson: "张三", contactPersonPhone: "13800000000",
  contactPersonPosition: null, cooperativePartner: "伙伴", belongCustomer: "客户", businessOpportunity: "商机",
  comprehensiveEvaluation: "good", isOpenPatnavi: "opened", mainBusiness: "封装", serviceContent: "<p>走访</p>",
  serviceTime: "2024-05-01 12:00:00", nextFollowTime: null, attachment: null, attachmentName: null,
  createBy: "调研员甲", createDate: "2024-04-30 09:15:00", updateBy: "管理员", updateDate: "2024-05-02 18:20:05",
  version: 1, voided: false, voidedBy: null, voidedAt: null, voidReason: null, editable: true,
};

export const questions = [
  { questionNo: "Q1", question: "专利数量", isReq: "1", currentAnswer: "10", version: 3, lastEditDate: "2024-05-03 10:00:00", lastEditor: "王芯" },
  { questionNo: "Q2", question: "研发投入", isReq: "0", currentAnswer: "", version: 0, lastEditDate: null, lastEditor: null },
];

export const ok = (result?: unknown, status?: 1): Answer => ({
  data: { code: 200, message: "success", result, ...(status ? { status } : {}) },
});

/** The archive calls answered with fixed data; `over` answers a url first. */
export function archiveReply(over: Record<string, Answer> = {}) {
  return (config: InternalAxiosRequestConfig): Answer => {
    const url = config.url ?? "";
    if (over[url]) return over[url];
    if (url === "/api/archives/queryArchivesPage") return ok({ records: rows, total: 2, current: 1, size: 10 });
    if (url === "/api/archives/queryDimension") return ok([{ serviceNo: "IP", serviceName: "知识产权", isIp: true }]);
    if (url === "/api/archives/queryServiceQuestion") return ok(questions);
    if (url === "/api/archives/queryServiceAnswer") {
      return ok({ records: [{ id: 1, createDate: "2024-05-03 10:00:00", createBy: "王芯", historyAnswer: "8", currentAnswer: "10" }], total: 1 });
    }
    if (url === "/api/archives/serviceAnswer") return ok(null, 1);
    if (url === "/api/archives/releaseArchives") return ok({ id: 40 }, 1);
    if (url === "/api/archives/recordHistory") return ok({ records: [], total: 0, current: 1, size: 10 });
    if (url === "/api/company/search") return ok({ records: [{ id: 5, name: "芯片公司", owners: [] }], total: 1 });
    if (url === "/api/company/5") return ok({ id: 5, name: "芯片公司", owners: [] });
    return { status: 404, data: { code: 404, message: "not found" } };
  };
}

export const bodyOf = (config: InternalAxiosRequestConfig): unknown =>
  typeof config.data === "string" ? JSON.parse(config.data) : config.data;

export const sentTo = (seen: InternalAxiosRequestConfig[], url: string) => seen.filter((c) => c.url === url).map(bodyOf);
