import { randomBytes } from "node:crypto";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadPath } from "../../../../contract/files";
import { RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { BY_ID, DOCX_MAIN, RELEASE, call, createCompany, officePackage, upload, validRecord } from "./support";

/** SPEC 5's size message; the type rule and the content have their own. */
const TOO_LARGE = "文件大小不能超过10MB！";
const WRONG_TYPE = "仅支持 .docx、.xlsx、.pptx 格式的文件";
const NOT_OFFICE = "附件不是有效的 .docx、.xlsx 或 .pptx 文档";
const MISSING = "附件不存在，请重新上传";
const TEN_MB = 10 * 1024 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);

/** The attachment is checked by what the stored file is, not by what it is called. */
describe.each(testDatabases())("service record attachments on %s", (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let member: SignedIn;
  let admin: SignedIn;
  let compId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await createUser(t.app, { username: "fileStaff", password: "File-pass-1", roles: [RoleCode.STAFF] });
    await createUser(t.app, { username: "fileMember", password: "File-pass-1", roles: [RoleCode.MEMBER] });
    staff = await signIn(t.app, "fileStaff", "File-pass-1");
    member = await signIn(t.app, "fileMember", "File-pass-1");
    admin = await signInAsAdmin(t.app);
    compId = await createCompany(t.app, "附件测试企业");
  });
  afterAll(() => t.close());

  const release = (attachment: string) => call(t.app, staff, RELEASE, validRecord(compId, { attachment }));

  async function refused(attachment: string, message: string) {
    const res = await release(attachment);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message, result: { errors: [{ field: "attachment", message }] } });
  }

  it("accepts a real .docx, and answers its original name", async () => {
    const id = await upload(t.app, staff, "走访纪要.docx", await officePackage(DOCX_MAIN));
    const res = await release(id);
    expect(res.json()).toMatchObject({ code: 200, status: 1 });
    const record = (await call(t.app, staff, BY_ID(res.json().result.id))).json().result;
    expect(record).toMatchObject({ attachment: id, attachmentName: "走访纪要.docx" });
  });

  it("refuses a program renamed to .docx", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(1024, 0x41)]);
    await refused(await upload(t.app, staff, "setup.docx", exe), NOT_OFFICE);
  });

  it("refuses a zip archive that is no Office document", async () => {
    const zip = new JSZip();
    zip.file("readme.txt", "hello");
    await refused(await upload(t.app, staff, "archive.docx", await zip.generateAsync({ type: "nodebuffer" })), NOT_OFFICE);
  });

  it("refuses a real .docx named as a spreadsheet", async () => {
    await refused(await upload(t.app, staff, "sheet.xlsx", await officePackage(DOCX_MAIN)), NOT_OFFICE);
  });

  it("refuses other kinds of file naming the type rule", async () => {
    await refused(await upload(t.app, staff, "notes.txt", Buffer.from("plain text")), WRONG_TYPE);
    await refused(await upload(t.app, staff, "report.pdf", Buffer.from("%PDF-1.7\n")), WRONG_TYPE);
  });

  it("refuses a .docx of 10 MB or more", async () => {
    const big = await officePackage(DOCX_MAIN, { "word/media/big.bin": Buffer.alloc(TEN_MB) });
    expect(big.length).toBeGreaterThanOrEqual(TEN_MB);
    await refused(await upload(t.app, staff, "big.docx", big), TOO_LARGE);
  });

  it("refuses a file id that names no file", async () => {
    await refused("0123456789abcdef0123456789abcdef", MISSING);
  });

  describe("downloads", () => {
    let attachmentUrl: string;
    beforeAll(async () => {
      const id = await upload(t.app, staff, "走访纪要.docx", await officePackage(DOCX_MAIN));
      expect((await release(id)).json()).toMatchObject({ code: 200 });
      attachmentUrl = downloadPath(id);
    });
    const download = (url: string, who?: SignedIn) => t.app.inject({ method: "GET", url, headers: who?.headers });

    it("refuses a visit record's attachment to an anonymous caller", async () => {
      const res = await download(attachmentUrl);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 40101, message: "登录已失效，请重新登录" });
    });

    it("refuses it to a member without the service archive", async () => {
      const res = await download(attachmentUrl, member);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: "没有权限执行此操作" });
    });

    it("serves it to staff and administrators, not to be kept by the browser", async () => {
      for (const who of [staff, admin]) {
        const res = await download(attachmentUrl, who);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-disposition"]).toMatch(/^attachment;/);
        expect(res.headers["cache-control"]).toBe("private, no-store");
      }
    });

    it("serves a file attached to no record to its uploader only", async () => {
      const url = downloadPath(await upload(t.app, member, "草稿.docx", await officePackage(DOCX_MAIN)));
      expect((await download(url, member)).statusCode).toBe(200);
      expect((await download(url, staff)).statusCode).toBe(403);
      expect((await download(url)).statusCode).toBe(401);
    });

    it("keeps an image reachable by its id without signing in, for <img>", async () => {
      const url = downloadPath(await upload(t.app, member, "头像.png", PNG));
      const res = await download(url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers["content-disposition"]).toMatch(/^inline;/);
    });
  });
});
