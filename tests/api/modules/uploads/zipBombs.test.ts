import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { ZipMessages } from "../../../../server/modules/files/zipReader";
import { testDatabases } from "../../helpers/databases";
import { multipartBody } from "../../helpers/multipart";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { BY_ID, RELEASE, call, createCompany, upload, validRecord } from "../serviceRecords/support";
import { officeBomb } from "./zipBomb";

const BOMB_SIZE = 128 * 1024 * 1024;
/** Far below what inflating the bomb would take (the old reader grew by 840 MB on a 400 MB one). */
const MEMORY_MARGIN = 96 * 1024 * 1024;

/** The highest resident memory seen while `work` runs. */
async function peakMemoryDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe.each(testDatabases())("zip bombs on %s", (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let compId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await createUser(t.app, { username: "bombStaff", password: "Bomb-pass-1", roles: [RoleCode.STAFF] });
    staff = await signIn(t.app, "bombStaff", "Bomb-pass-1");
    admin = await signInAsAdmin(t.app);
    compId = await createCompany(t.app, "压缩炸弹测试企业");
  });
  afterAll(() => t.close());

  const release = (attachment: string) => call(t.app, staff, RELEASE, validRecord(compId, { attachment }));

  function expectBombRefused(res: { statusCode: number; json(): unknown }) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      message: String(ZipMessages.tooLarge),
      result: { errors: [{ field: "attachment", message: String(ZipMessages.tooLarge) }] },
    });
  }

  it("refuses a .docx whose [Content_Types].xml declares 128 MB of spaces, without the memory to inflate it", async () => {
    const bomb = await officeBomb("[Content_Types].xml", BOMB_SIZE);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const id = await upload(t.app, staff, "炸弹.docx", bomb);
    const { result, growth } = await peakMemoryDuring(() => release(id));
    expectBombRefused(result);
    expect(growth).toBeLessThan(MEMORY_MARGIN);
  });

  it("refuses one whose headers claim 1 KB, cutting the inflation off at the claim", async () => {
    const id = await upload(t.app, staff, "伪装.docx", await officeBomb("[Content_Types].xml", BOMB_SIZE, true));
    const { result, growth } = await peakMemoryDuring(() => release(id));
    expectBombRefused(result);
    expect(growth).toBeLessThan(MEMORY_MARGIN);
  });

  it("refuses twelve bombs at once and keeps serving", async () => {
    const id = await upload(t.app, staff, "并发.docx", await officeBomb("[Content_Types].xml", BOMB_SIZE, true));
    const { result, growth } = await peakMemoryDuring(() => Promise.all(Array.from({ length: 12 }, () => release(id))));
    for (const res of result) expectBombRefused(res);
    expect(growth).toBeLessThan(MEMORY_MARGIN);
    expect((await call(t.app, staff, BY_ID(999999))).statusCode).toBe(404);
  });

  it("still accepts a real, deflate-compressed .docx", async () => {
    const zip = new JSZip();
    zip.file(
      "[Content_Types].xml",
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    );
    zip.file("word/document.xml", `<w:document><w:body>${"<w:p>走访纪要</w:p>".repeat(2000)}</w:body></w:document>`);
    const docx = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    const res = await release(await upload(t.app, staff, "纪要.docx", docx));
    expect(res.json()).toMatchObject({ code: 200, status: 1 });
  });

  it("refuses a bomb sent as the company import's .xlsx with the same message", async () => {
    for (const lying of [false, true]) {
      const { payload, headers } = multipartBody([{ name: "file", filename: "企业.xlsx", content: await officeBomb("xl/workbook.xml", BOMB_SIZE, lying) }]);
      const { result: res, growth } = await peakMemoryDuring(() =>
        t.app.inject({ method: "POST", url: "/api/company/import", payload, headers: { ...headers, ...admin.headers } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: String(ZipMessages.tooLarge) });
      expect(growth).toBeLessThan(MEMORY_MARGIN);
    }
  });
});
