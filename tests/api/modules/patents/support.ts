import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { expect } from "vitest";
import type { RoleCodeValue } from "../../../../contract/menus";
import type { PatentImportJob } from "../../../../contract/schemas/patents";
import { toDbTime } from "../../../../server/db/time";
import type { App } from "../../../../server/types";
import { multipartBody, type FormPart } from "../../helpers/multipart";
import { createUser, signIn, type SignedIn } from "../../helpers/signIn";

/** The Patsnap export's headers the handmade files use (half- and full-width brackets alike are recognised). */
export const PATSNAP_HEADERS = [
  "公开(公告)号",
  "申请号",
  "申请日",
  "公开（公告）日",
  "授权公告日",
  "标题",
  "摘要",
  "申请(专利权)人",
  "发明人",
  "IPC分类号",
  "IPC主分类号",
  "专利类型",
  "简单法律状态",
  "中国申请人区县",
  "工商统一社会信用代码",
] as const;

export interface HandmadePatent {
  number: string;
  application?: string;
  applyDate?: string;
  publicationDate?: string;
  grantDate?: string;
  title: string;
  abstract?: string;
  applicants?: string[];
  inventors?: string[];
  ipc?: string[];
  type?: string;
  status?: string;
  district?: string;
  creditCode?: string;
}

export function cells(patent: HandmadePatent): string[] {
  return [
    patent.number,
    patent.application ?? "",
    patent.applyDate ?? "",
    patent.publicationDate ?? "",
    patent.grantDate ?? "",
    patent.title,
    patent.abstract ?? "",
    (patent.applicants ?? []).join(" | "),
    (patent.inventors ?? []).join(" | "),
    (patent.ipc ?? []).join(" | "),
    patent.ipc?.[0] ?? "",
    patent.type ?? "发明申请",
    patent.status ?? "有效",
    patent.district ?? "",
    patent.creditCode ?? "",
  ];
}

/** A Patsnap-shaped .xlsx of the patents (extra rows as given, for broken ones). */
export async function patsnapXlsx(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.addRow([...PATSNAP_HEADERS]);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same rows as a GB18030 .csv, as Excel on Chinese Windows saves it. */
export function gb18030Csv(rows: readonly (readonly string[])[]): Buffer {
  const quote = (cell: string) => (/[",\r\n]/u.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = [PATSNAP_HEADERS, ...rows].map((row) => row.map(quote).join(","));
  return iconv.encode(`${lines.join("\r\n")}\r\n`, "gb18030");
}

export async function startImport(app: App, who: SignedIn, file: Buffer, filename: string, fields: FormPart[] = []) {
  const { payload, headers } = multipartBody([...fields, { name: "file", filename, content: file }]);
  return app.inject({ method: "POST", url: "/api/patents/import", headers: { ...who.headers, ...headers }, payload });
}

/** Imports a file and waits for its job to end. */
export async function importFile(app: App, who: SignedIn, file: Buffer, filename: string, fields: FormPart[] = []): Promise<PatentImportJob> {
  const started = await startImport(app, who, file, filename, fields);
  expect(started.statusCode, started.body).toBe(200);
  const { jobId } = started.json().result as { jobId: number };
  for (let tries = 0; tries < 600; tries++) {
    const res = await app.inject({ method: "GET", url: `/api/patents/import/${jobId}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().result as PatentImportJob;
    if (job.state !== "running") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import job ${jobId} did not end`);
}

export async function userWithRole(app: App, username: string, role: RoleCodeValue): Promise<SignedIn> {
  const password = "Patent-pass-1";
  await createUser(app, { username, password, roles: [role] });
  return signIn(app, username, password);
}

/** A member whose company's certification is approved (or another state), linked to the company. */
export async function memberOf(app: App, username: string, compId: number | null, state: "approved" | "submitted" | null): Promise<SignedIn> {
  const who = await userWithRole(app, username, "member");
  const now = toDbTime(app.dialect, new Date());
  if (compId !== null) await app.db.updateTable("users").set({ companyId: compId }).where("id", "=", who.userId).execute();
  if (state !== null) {
    const fileId = `${"f".repeat(24)}${String(who.userId).padStart(8, "0")}`;
    await app.db
      .insertInto("files")
      .values({ id: fileId, originalName: "执照.png", mimeType: "image/png", size: 1, sha256: "0".repeat(64), storageName: `ff/${fileId}`, createdBy: who.userId, createdAt: now })
      .execute();
    await app.db
      .insertInto("certifications")
      .values({
        userId: who.userId,
        companyName: "某公司",
        creditCode: "91510100MA61AB12C3",
        contactPerson: "王五",
        contactPhone: "13812345678",
        licenseFileId: fileId,
        state,
        rejectReason: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  return who;
}

export async function search(app: App, who: SignedIn, model: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return app.inject({ method: "POST", url: "/api/patents/search", headers: who.headers, payload: { current: 1, size: 100, model, ...extra } });
}

/** The publication numbers a search finds, sorted. */
export async function numbers(app: App, who: SignedIn, model: Record<string, unknown>): Promise<string[]> {
  const res = await search(app, who, model);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result.records as { publicationNumber: string }[]).map((row) => row.publicationNumber).sort();
}
