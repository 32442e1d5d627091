import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { BY_ID, DOCX_MAIN, RELEASE, call, createCompany, officePackage, upload, validRecord } from "./support";

const MESSAGE = "文件大小不能超过10MB！";
const TEN_MB = 10 * 1024 * 1024;

/** The attachment is checked by what the stored file is, not by what it is called. */
describe.each(testDatabases())("service record attachments on %s", (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let compId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await createUser(t.app, { username: "fileStaff", password: "File-pass-1", roles: [RoleCode.STAFF] });
    staff = await signIn(t.app, "fileStaff", "File-pass-1");
    compId = await createCompany(t.app, "附件测试企业");
  });
  afterAll(() => t.close());

  const release = (attachment: string) => call(t.app, staff, RELEASE, validRecord(compId, { attachment }));

  async function refused(attachment: string) {
    const res = await release(attachment);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: MESSAGE, result: { errors: [{ field: "attachment", message: MESSAGE }] } });
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
    await refused(await upload(t.app, staff, "setup.docx", exe));
  });

  it("refuses a zip archive that is no Office document", async () => {
    const zip = new JSZip();
    zip.file("readme.txt", "hello");
    await refused(await upload(t.app, staff, "archive.docx", await zip.generateAsync({ type: "nodebuffer" })));
  });

  it("refuses a real .docx named as a spreadsheet, and other kinds of file", async () => {
    await refused(await upload(t.app, staff, "sheet.xlsx", await officePackage(DOCX_MAIN)));
    await refused(await upload(t.app, staff, "notes.txt", Buffer.from("plain text")));
  });

  it("refuses a .docx of 10 MB or more", async () => {
    const big = await officePackage(DOCX_MAIN, { "word/media/big.bin": Buffer.alloc(TEN_MB) });
    expect(big.length).toBeGreaterThanOrEqual(TEN_MB);
    await refused(await upload(t.app, staff, "big.docx", big));
  });

  it("refuses a file id that names no file", async () => {
    await refused("0123456789abcdef0123456789abcdef");
  });
});
