import JSZip from "jszip";
import type { App } from "../../../../server/types";
import { multipartBody } from "../../helpers/multipart";
import type { SignedIn } from "../../helpers/signIn";

export { createCompany } from "../../helpers/companies";

export const PAGE = "/api/archives/queryArchivesPage";
export const RELEASE = "/api/archives/releaseArchives";
export const BY_ID = (id: number) => `/api/archives/queryById/${id}`;

/** A JSON call with the caller's token; GET when no body. */
export function call(app: App, who: SignedIn, url: string, payload?: Record<string, unknown>) {
  return payload === undefined
    ? app.inject({ method: "GET", url, headers: who.headers })
    : app.inject({ method: "POST", url, headers: who.headers, payload });
}

/** A record that passes every rule of SPEC 5. */
export const validRecord = (compId: number, overrides: Record<string, unknown> = {}) => ({
  compId,
  researchers: "张三、李四",
  contactPerson: "王经理",
  contactPersonPhone: "13800138000",
  contactPersonPosition: "总经理",
  cooperativePartner: "电子科技大学",
  belongCustomer: "重点客户",
  businessOpportunity: "专利布局咨询",
  mainBusiness: "功率半导体器件设计",
  serviceContent: "<p>走访了解企业<strong>专利</strong>情况</p>",
  serviceTime: "2026-03-10 12:00:00",
  ...overrides,
});

/** An Office Open XML package whose main part is of the given content type. */
export async function officePackage(mainType: string, extra: Record<string, Buffer> = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
  );
  zip.file("word/document.xml", '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>');
  for (const [name, bytes] of Object.entries(extra)) zip.file(name, bytes);
  return zip.generateAsync({ type: "nodebuffer", compression: "STORE" });
}

export const DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/** Uploads through /api/files/upload; returns the file id. */
export async function upload(app: App, who: SignedIn, filename: string, content: Buffer): Promise<string> {
  const { payload, headers } = multipartBody([{ name: "file", filename, content }]);
  const res = await app.inject({ method: "POST", url: "/api/files/upload", headers: { ...who.headers, ...headers }, payload });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { result: { id: string } }).result.id;
}
