import ExcelJS from "exceljs";
import { buffer } from "node:stream/consumers";
import iconv from "iconv-lite";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidCreditCode } from "../../../../contract/account";
import { COMPANY_IMPORT_HEADER, COMPANY_PAGE_SIZES, COMPANY_SEARCH_MAX_SIZE } from "../../../../contract/companies";
import { RoleCode } from "../../../../contract/menus";
import { loadConfig } from "../../../../server/config";
import { createLogger } from "../../../../server/logger";
import { DEMO_COMPANIES, seedDemoCompanies } from "../../../../server/modules/companies/demo";
import { IMPORT_MAX_COMPANIES } from "../../../../server/modules/companies/service";
import { IMPORT_PACKAGE_LIMITS, SHEET_MAX_ROWS } from "../../../../server/modules/companies/sheet";
import { xlsxDownload } from "../../../../server/modules/files/xlsx";
import { testDatabases } from "../../helpers/databases";
import { multipartBody } from "../../helpers/multipart";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { call } from "../serviceRecords/support";

const SEARCH = "/api/company/search";
const SAVE = "/api/company/save";
const IMPORT = "/api/company/import";
const TEMPLATE = "/api/company/import/template";
const UNREADABLE = "无法读取该文件，请上传 .xlsx 或 .csv 文件（UTF-8 或 GB18030/GBK 编码）";
const ZIP_BOMB = "文件解压后超出大小限制（疑似压缩炸弹），已拒绝";
const TOO_MANY = `文件行数过多：一次最多导入 ${IMPORT_MAX_COMPANIES} 家企业`;
/** Valid GB 32100 codes (check digits computed), none of the demo companies'. */
const CODE_A = "91510107MA6CAB001T";
const CODE_B = "91510116MA6CAB002Y";

/** A sheet with a shared-strings table, as Excel writes one; `sheetXml` replaces the worksheet. */
async function sharedStringsXlsx(rows: string[][], sheetXml?: (sheetData: string) => string): Promise<Buffer> {
  const strings: string[] = [];
  const index = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((c, i) => (c === "" ? "" : `<c r="${col(i)}${r + 1}" t="s"><v>${index(c)}</v></c>`)).join("")}</row>`)
    .join("");
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const zip = new JSZip();
  zip.file("[Content_Types].xml", "<Types/>");
  zip.file("xl/workbook.xml", '<workbook xmlns:r="r"><sheets><sheet name="企业" sheetId="1" r:id="rId1"/></sheets></workbook>');
  zip.file("xl/_rels/workbook.xml.rels", '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>');
  const sheetData = `<sheetData>${sheetRows}</sheetData>`;
  zip.file("xl/worksheets/sheet1.xml", sheetXml ? sheetXml(sheetData) : `<worksheet>${sheetData}</worksheet>`);
  zip.file("xl/sharedStrings.xml", `<sst>${strings.map((s) => `<si><r><t>${escape(s)}</t></r></si>`).join("")}</sst>`);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** The zip with `name`'s uncompressed size declared as `size` in its local header and its directory entry. */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let at = 0; at + 46 <= patched.length; at++) {
    const signature = patched.readUInt32LE(at);
    const [sizeAt, nameAt] = signature === 0x04034b50 ? [22, 30] : signature === 0x02014b50 ? [24, 46] : [-1, -1];
    if (sizeAt < 0) continue;
    const nameLength = patched.readUInt16LE(at + (signature === 0x04034b50 ? 26 : 28));
    if (patched.toString("utf8", at + nameAt, at + nameAt + nameLength) === name) patched.writeUInt32LE(size, at + sizeAt);
  }
  return patched;
}

const csvText = (rows: string[][]) => `${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n")}\r\n`;
/** UTF-8 with a BOM, as Excel's "CSV UTF-8" saves. */
const csv = (rows: string[][]) => `\uFEFF${csvText(rows)}`;

/** A workbook written by exceljs, as a kept library (and Excel) writes one. */
async function exceljsXlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("企业");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(testDatabases())("companies on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    await createUser(t.app, { username: "companyStaff", password: "Company-pass-1", roles: [RoleCode.STAFF] });
    await createUser(t.app, { username: "companyMember", password: "Company-pass-1", roles: [RoleCode.MEMBER] });
    staff = await signIn(t.app, "companyStaff", "Company-pass-1");
    member = await signIn(t.app, "companyMember", "Company-pass-1");
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, who = admin) => call(t.app, who, SAVE, body);
  const importFile = (filename: string, content: Buffer | string, who = admin) => {
    const { payload, headers } = multipartBody([{ name: "file", filename, content }]);
    return t.app.inject({ method: "POST", url: IMPORT, headers: { ...who.headers, ...headers }, payload });
  };
  const count = async () => Number((await t.app.db.selectFrom("companies").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("adds and edits a company", async () => {
    const added = await save({ name: " 芯片 ", creditCode: CODE_A.toLowerCase(), district: "成都高新区", segment: "design", contactPhone: "028-85001234" });
    expect(added.json()).toMatchObject({ code: 200, status: 1, result: { name: "芯片", creditCode: CODE_A, segment: "design", address: null } });
    const id = added.json().result.id;
    const edited = await save({ id, name: "芯片", creditCode: CODE_A, segment: "materials", address: "天府大道" });
    expect(edited.json().result).toMatchObject({ id, segment: "materials", address: "天府大道", district: null });
    expect((await call(t.app, admin, `/api/company/${id}`)).json().result).toMatchObject({ id, name: "芯片", segment: "materials", owners: [] });
    expect((await call(t.app, admin, "/api/company/999999")).json()).toMatchObject({ code: 404, message: "企业不存在" });
  });

  it.each([
    [{ name: "  " }, "请输入企业名称"],
    [{ name: "坏代码企业", creditCode: "91510100MA0000000X" }, "请输入正确的统一社会信用代码"],
    [{ name: "坏电话企业", contactPhone: "12" }, "请输入正确的联系电话"],
    [{ name: "联系人过长企业", contactPerson: "人".repeat(21) }, "联系人不能超过 20 个字符"],
  ])("refuses %o: %s", async (body, message) => {
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a name or credit code another company has", async () => {
    await save({ name: "重名企业", creditCode: CODE_B });
    expect((await save({ name: "重名企业" })).json()).toMatchObject({ code: 409, message: "企业名称已存在" });
    expect((await save({ name: "另一企业", creditCode: CODE_B })).json()).toMatchObject({ code: 409, message: "统一社会信用代码已被其他企业使用" });
  });

  // Administrators see every company; a staff member only those they own (scope.test.ts).
  it("ranks search results: exact match, then prefix, then contains", async () => {
    await save({ name: "成都芯片" });
    await save({ name: "芯片设计公司" });
    const res = await call(t.app, admin, SEARCH, { keywords: "芯片" });
    expect(res.json().result.records.map((r: { name: string }) => r.name)).toEqual(["芯片", "芯片设计公司", "成都芯片"]);
    const byCode = await call(t.app, admin, SEARCH, { keywords: CODE_A.slice(0, 8).toLowerCase() });
    expect(byCode.json().result.records[0]).toEqual({ id: expect.any(Number), name: "芯片", creditCode: CODE_A, district: null, segment: "materials", owners: [] });
    const paged = await call(t.app, admin, SEARCH, { keywords: "芯片", current: 2, size: 2 });
    expect(paged.json().result).toMatchObject({ total: 3, current: 2, size: 2, records: [{ name: "成都芯片" }] });
    expect((await call(t.app, admin, SEARCH, { keywords: "%" })).json().result.total).toBe(0);
  });

  it("answers every page size the company list offers, and no larger page", async () => {
    for (const size of COMPANY_PAGE_SIZES) {
      expect((await call(t.app, staff, SEARCH, { current: 1, size })).json().result).toMatchObject({ size });
    }
    const tooLarge = await call(t.app, staff, SEARCH, { current: 1, size: COMPANY_SEARCH_MAX_SIZE + 1 });
    expect(tooLarge.statusCode).toBe(400);
  });

  it("clears the optional fields an edit leaves empty", async () => {
    const added = await save({ name: "清空字段企业", district: "双流区", contactPerson: "王五", contactPhone: "13800138000" });
    const id = added.json().result.id;
    const edited = await save({ id, name: "清空字段企业", district: null, contactPerson: "  ", contactPhone: null, segment: null });
    expect(edited.json().result).toMatchObject({ id, district: null, contactPerson: null, contactPhone: null, segment: null });
  });

  it("imports a good .csv file", async () => {
    const before = await count();
    const res = await importFile(
      "企业.csv",
      csv([[...COMPANY_IMPORT_HEADER], ["导入企业甲", "", "郫都区", "封装测试", "地址, 含逗号", "张三", "13800138000"], ["导入企业乙", "", "", "设备", "", "", ""]]),
    );
    expect(res.json()).toMatchObject({ code: 200, status: 1, result: { imported: 2 } });
    expect(await count()).toBe(before + 2);
    const row = await t.app.db.selectFrom("companies").selectAll().where("name", "=", "导入企业甲").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ segment: "packagingTest", address: "地址, 含逗号", district: "郫都区" });
  });

  it("imports a good .xlsx file with inline or shared strings", async () => {
    const inline = await buffer(await xlsxDownload("企业", COMPANY_IMPORT_HEADER, [[["导入企业丙", null, "双流区", "制造", null, null, null]]], () => {}));
    expect((await importFile("企业.xlsx", inline)).json()).toMatchObject({ status: 1, result: { imported: 1 } });
    const shared = await sharedStringsXlsx([[...COMPANY_IMPORT_HEADER], ["导入企业丁&戊", "", "", "材料", "", "", ""]]);
    expect((await importFile("企业.xlsx", shared)).json()).toMatchObject({ status: 1, result: { imported: 1 } });
    expect(await t.app.db.selectFrom("companies").select("segment").where("name", "=", "导入企业丁&戊").executeTakeFirst()).toEqual({ segment: "materials" });
  });

  it("reports every bad row with its line and imports nothing", async () => {
    const before = await count();
    const rows = [
      [...COMPANY_IMPORT_HEADER],
      ["好企业一", "", "", "设计", "", "", ""],
      ["", "", "", "", "地址", "", ""],
      ["坏环节企业", "", "", "芯片", "", "", ""],
      ["好企业一", "", "", "", "", "", ""],
      ["芯片", "", "", "", "", "", ""],
      ["坏电话企业", "", "", "", "", "", "123"],
    ];
    const res = await importFile("企业.csv", csv(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: "导入失败：5 行有误",
      result: {
        errors: [
          { line: 3, reason: "请输入企业名称" },
          { line: 4, reason: "产业链环节须为设计、制造、封装测试、设备或材料" },
          { line: 5, reason: "企业名称与第 2 行重复" },
          { line: 6, reason: "企业名称已存在" },
          { line: 7, reason: "请输入正确的联系电话" },
        ],
      },
    });
    expect(await count()).toBe(before);
  });

  it("refuses a file with the wrong header, type or content", async () => {
    expect((await importFile("企业.csv", "名称,代码\r\n甲,\r\n")).json().message).toBe(`表头须为：${COMPANY_IMPORT_HEADER.join("、")}`);
    expect((await importFile("企业.csv", csv([[...COMPANY_IMPORT_HEADER]]))).json().message).toBe("文件中没有企业");
    expect((await importFile("企业.txt", "x")).statusCode).toBe(400);
    expect((await importFile("企业.xlsx", "not a zip")).json().message).toBe(UNREADABLE);
  });

  it("refuses a .csv with a NUL byte and an .xlsx whose XML is malformed as unreadable", async () => {
    const nul = csv([[...COMPANY_IMPORT_HEADER], ["零\u0000企业", "", "", "", "", "", ""]]);
    expect((await importFile("企业.csv", nul)).json()).toEqual({ code: 400, message: UNREADABLE });
    // XML has no NUL and nothing beyond Unicode: exceljs's XML parser refuses such references.
    const xlsx = await JSZip.loadAsync(await sharedStringsXlsx([[...COMPANY_IMPORT_HEADER], ["引用企业", "", "", "", "", "", ""]]));
    const strings = await xlsx.file("xl/sharedStrings.xml")!.async("string");
    xlsx.file("xl/sharedStrings.xml", strings.replace("引用企业", "引用企业&#0;&#99999999;&#x110000;"));
    const res = await importFile("企业.xlsx", await xlsx.generateAsync({ type: "nodebuffer" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: UNREADABLE });
    expect(await t.app.db.selectFrom("companies").select("name").where("name", "like", "引用企业%").execute()).toEqual([]);
  });

  it("imports a .csv saved in GB18030 (Chinese Excel's plain CSV) as well as UTF-8 with or without a BOM", async () => {
    // 𠀀 lies beyond GBK: only GB18030 (four bytes) writes it.
    const rows = (tag: string) => [[...COMPANY_IMPORT_HEADER], [`编码企业${tag}𠀀`, "", "高新区", "封装测试", "天府大道, 1号", "张三", "13800138000"]];
    const gb = iconv.encode(csvText(rows("甲")), "gb18030");
    expect(gb.includes(Buffer.from("编码", "utf8"))).toBe(false);
    expect((await importFile("企业.csv", gb)).json()).toMatchObject({ code: 200, result: { imported: 1 } });
    expect((await importFile("企业.csv", csv(rows("乙")))).json()).toMatchObject({ code: 200, result: { imported: 1 } });
    expect((await importFile("企业.csv", Buffer.from(csvText(rows("丙")), "utf8"))).json()).toMatchObject({ code: 200, result: { imported: 1 } });
    const stored = await t.app.db.selectFrom("companies").select(["name", "district", "segment", "address"]).where("name", "like", "编码企业%").orderBy("name").execute();
    expect(stored).toEqual(
      ["丙", "乙", "甲"]
        .map((tag) => ({ name: `编码企业${tag}𠀀`, district: "高新区", segment: "packagingTest", address: "天府大道, 1号" }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    // GB18030 rows are refused by their lines like any others.
    const bad = iconv.encode(csvText([[...COMPANY_IMPORT_HEADER], ["编码企业丁", "", "", "芯片", "", "", ""]]), "gb18030");
    expect((await importFile("企业.csv", bad)).json()).toMatchObject({ code: 400, result: { errors: [{ line: 2, reason: "产业链环节须为设计、制造、封装测试、设备或材料" }] } });
    const badHeader = iconv.encode("名称,代码\r\n甲,\r\n", "gb18030");
    expect((await importFile("企业.csv", badHeader)).json().message).toBe(`表头须为：${COMPANY_IMPORT_HEADER.join("、")}`);
  });

  it("imports an .xlsx written by exceljs: rich text, numbers, formulas and links read as the text they show", async () => {
    const file = await exceljsXlsx([
      [...COMPANY_IMPORT_HEADER],
      ["表格企业甲", CODE_A.slice(0, -1) + "X", null, "设计", null, null, null],
      [{ richText: [{ text: "表格" }, { text: "企业乙", font: { bold: true } }] }, null, "双流区", { formula: '"制"&"造"', result: "制造" }, { text: "官网地址", hyperlink: "https://example.org" }, "李四", 13800138000],
    ]);
    const wrong = await importFile("企业.xlsx", file);
    expect(wrong.json()).toMatchObject({ code: 400, result: { errors: [{ line: 2, reason: "请输入正确的统一社会信用代码" }] } });
    const good = await exceljsXlsx([
      [...COMPANY_IMPORT_HEADER],
      [{ richText: [{ text: "表格" }, { text: "企业乙", font: { bold: true } }] }, null, "双流区", { formula: '"制"&"造"', result: "制造" }, { text: "官网地址", hyperlink: "https://example.org" }, "李四", 13800138000],
    ]);
    expect((await importFile("企业.xlsx", good)).json()).toMatchObject({ code: 200, result: { imported: 1 } });
    const row = await t.app.db.selectFrom("companies").selectAll().where("name", "=", "表格企业乙").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district: "双流区", segment: "manufacturing", address: "官网地址", contactPerson: "李四", contactPhone: "13800138000" });
  });

  it("refuses a corrupt or hostile .xlsx with 400 and a message, and reads no range cell by cell", async () => {
    const good = await exceljsXlsx([[...COMPANY_IMPORT_HEADER], ["损坏企业", null, null, null, null, null, null]]);
    for (const corrupt of [good.subarray(0, good.length - 40), Buffer.concat([good.subarray(0, 200), Buffer.alloc(good.length - 200, 0x41)]), Buffer.alloc(0)]) {
      const res = await importFile("企业.xlsx", corrupt);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNREADABLE);
    }
    const noSheet = new JSZip();
    noSheet.file("xl/workbook.xml", "<workbook><sheets/></workbook>");
    expect((await importFile("企业.xlsx", await noSheet.generateAsync({ type: "nodebuffer" }))).json()).toEqual({ code: 400, message: UNREADABLE });

    // Whole-sheet merges, validations, column ranges and defined names would have exceljs walk 17 billion cells.
    const hostile = await JSZip.loadAsync(
      await sharedStringsXlsx(
        [[...COMPANY_IMPORT_HEADER], ["范围企业", "", "", "", "", "", ""]],
        (sheetData) =>
          `<worksheet><cols><col min="1" max="16384" width="9"/></cols>${sheetData}<mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>` +
          '<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"a"</formula1></dataValidation></dataValidations></worksheet>',
      ),
    );
    hostile.file("xl/workbook.xml", '<workbook xmlns:r="r"><sheets><sheet name="企业" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="all">企业!$A$1:$XFD$1048576</definedName></definedNames></workbook>');
    const res = await importFile("企业.xlsx", await hostile.generateAsync({ type: "nodebuffer" }));
    expect(res.json()).toMatchObject({ code: 200, result: { imported: 1 } });
  });

  it("refuses an .xlsx that unpacks past the import's bound, and a file of too many rows", async () => {
    const bomb = await sharedStringsXlsx([[...COMPANY_IMPORT_HEADER]], (sheetData) => `<worksheet>${sheetData}<extLst>${" ".repeat(IMPORT_PACKAGE_LIMITS.maxEntryBytes)}</extLst></worksheet>`);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await importFile("企业.xlsx", bomb)).json()).toEqual({ code: 400, message: ZIP_BOMB });
    // Declared small, the sheet is caught while it inflates, at the bound.
    const lying = declareSize(bomb, "xl/worksheets/sheet1.xml", 4096);
    expect((await importFile("企业.xlsx", lying)).json()).toEqual({ code: 400, message: ZIP_BOMB });

    const manyRows = await sharedStringsXlsx([[...COMPANY_IMPORT_HEADER]], (sheetData) => {
      const blank = Array.from({ length: SHEET_MAX_ROWS }, (_, i) => `<row r="${i + 2}"/>`).join("");
      return `<worksheet>${sheetData.replace("</sheetData>", `${blank}</sheetData>`)}</worksheet>`;
    });
    expect((await importFile("企业.xlsx", manyRows)).json()).toEqual({ code: 400, message: TOO_MANY });
    const before = await count();
    const companies = Array.from({ length: IMPORT_MAX_COMPANIES + 1 }, (_, i) => [`批量企业${i}`, "", "", "", "", "", ""]);
    const tooMany = await importFile("企业.csv", csv([[...COMPANY_IMPORT_HEADER], ...companies]));
    expect(tooMany.json()).toEqual({ code: 400, message: TOO_MANY });
    expect(await count()).toBe(before);
  });

  it("offers the import template: an .xlsx of the header row, named in the caller's language", async () => {
    const res = await t.app.inject({ method: "GET", url: TEMPLATE, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent("企业导入模板.xlsx")}`);
    const workbook = await new ExcelJS.Workbook().xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("企业");
    expect(sheet.getRow(1).values).toEqual([undefined, ...COMPANY_IMPORT_HEADER]);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getCell("D2").dataValidation).toMatchObject({ type: "list", formulae: ['"设计,制造,封装测试,设备,材料"'] });

    const english = await t.app.inject({ method: "GET", url: TEMPLATE, headers: { ...admin.headers, "accept-language": "en" } });
    expect(english.headers["content-disposition"]).toContain("company-import-template.xlsx");
    // Filled in and sent back, the template imports.
    const filled = await new ExcelJS.Workbook().xlsx.load(english.rawPayload as unknown as ExcelJS.Buffer);
    filled.worksheets[0].addRow(["模板企业", "", "高新区", "设备", "", "", "028-85001234"]);
    const sent = await importFile("企业导入模板.xlsx", Buffer.from(await filled.xlsx.writeBuffer()));
    expect(sent.json()).toMatchObject({ code: 200, result: { imported: 1 } });
  });

  it("refuses members the search and everyone but administrators the upkeep", async () => {
    expect((await call(t.app, member, SEARCH, { keywords: "芯片" })).statusCode).toBe(403);
    expect((await call(t.app, member, "/api/company/1")).statusCode).toBe(403);
    expect((await save({ name: "越权企业" }, staff)).statusCode).toBe(403);
    expect((await importFile("企业.csv", csv([[...COMPANY_IMPORT_HEADER]]), staff)).statusCode).toBe(403);
    for (const who of [member, staff]) {
      const refused = await t.app.inject({ method: "GET", url: TEMPLATE, headers: who.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers["content-disposition"]).toBeUndefined();
    }
  });

  it("seeds the demo companies once, each with a valid credit code", async () => {
    expect([CODE_A, CODE_B].every(isValidCreditCode)).toBe(true);
    expect(DEMO_COMPANIES).toHaveLength(20);
    for (const company of DEMO_COMPANIES) {
      expect(isValidCreditCode(company.creditCode!)).toBe(true);
      expect(company.name).toContain("示例");
    }
    expect(new Set(DEMO_COMPANIES.map((c) => c.segment))).toEqual(new Set(["design", "manufacturing", "packagingTest", "equipment", "materials"]));
    const log = createLogger({ logLevel: "silent" });
    const before = await count();
    await seedDemoCompanies(t.app.db, t.app.dialect, log);
    await seedDemoCompanies(t.app.db, t.app.dialect, log);
    expect(await count()).toBe(before + 20);
  });
});

describe("SEED_DEMO_DATA", () => {
  it("defaults to true, except in production", () => {
    expect(loadConfig({}, "/srv").seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://sso.example.org", OIDC_CLIENT_ID: "p" }, "/srv").seedDemoData).toBe(false);
  });

  it("reads true or false, and refuses anything else", () => {
    expect(loadConfig({ SEED_DEMO_DATA: "false" }, "/srv").seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", OIDC_ISSUER: "https://sso.example.org", OIDC_CLIENT_ID: "p", SEED_DEMO_DATA: "true" }, "/srv").seedDemoData).toBe(true);
    expect(() => loadConfig({ SEED_DEMO_DATA: "maybe" }, "/srv")).toThrow('SEED_DEMO_DATA: "maybe" is not true or false');
  });
});
