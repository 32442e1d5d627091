import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { createCompany } from "../../helpers/companies";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { HANDMADE, QUERIES } from "./fixtures";
import { cells, importFile, memberOf, numbers, patsnapXlsx, search, userWithRole } from "./support";

describe.each(testDatabases())("patent search on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    staff = await userWithRole(t.app, "patentStaff", RoleCode.STAFF);
    const job = await importFile(t.app, admin, await patsnapXlsx(HANDMADE.map(cells)), "patsnap.xlsx");
    expect(job).toMatchObject({ state: "done", imported: HANDMADE.length, updated: 0, skipped: 0 });
  });
  afterAll(() => t.close());

  it.each(QUERIES)("finds $model", async ({ model, expected }) => {
    expect(await numbers(t.app, staff, model)).toEqual(expected);
  });

  it("answers the row's fields, the count and the facets of all matches", async () => {
    const res = await search(t.app, staff, { q: "晶圆" });
    const { records, total, totalCapped, facets, facetsSample } = res.json().result;
    expect(total).toBe(2);
    expect(totalCapped).toBe(false);
    expect(facetsSample).toBeNull();
    expect(records[0]).toEqual({
      id: expect.any(Number),
      publicationNumber: "CN100000001A",
      applicationNumber: "CN202110000001.X",
      title: "一种芯片封装结构及其制造方法",
      applicants: ["无锡芯源微电子有限公司", "江苏长电科技股份有限公司"],
      applyDate: "2021-03-05",
      publicationDate: "2021-06-01",
      patentType: "invention",
      legalStatus: "valid",
      mainIpc: "H01L23/31",
      segment: expect.any(String),
    });
    expect(facets.patentType).toEqual([
      { key: "invention", count: 1 },
      { key: "utility", count: 1 },
    ]);
    expect(facets.applyYear).toEqual([
      { key: "2021", count: 1 },
      { key: "2020", count: 1 },
    ]);
    expect(facets.ipcClass).toEqual([{ key: "H01L", count: 2 }]);
    expect(facets.district).toEqual([
      { key: "新吴区", count: 1 },
      { key: "滨湖区", count: 1 },
    ]);
    expect(facets.applicant[0]).toEqual({ key: expect.stringMatching(/^无锡芯源微电子/), count: 2 });
    expect(facets.legalStatus).toEqual([{ key: "valid", count: 2 }]);
    expect(facets.segment.length).toBeGreaterThan(0);
  });

  it("sorts by application date either way", async () => {
    const asc = await search(t.app, staff, {}, { orders: [{ column: "applyDate", asc: true }] });
    expect(asc.json().result.records.map((r: { publicationNumber: string }) => r.publicationNumber).slice(0, 2)).toEqual(["CN100000004B", "CN100000003U"]);
    const desc = await search(t.app, staff, {}, { orders: [{ column: "applyDate", asc: false }] });
    expect(desc.json().result.records[0].publicationNumber).toBe("CN100000007A");
  });

  it("refuses a lone character without other filters, with a hint", async () => {
    const res = await search(t.app, staff, { q: "芯" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("单个汉字");
  });

  it("refuses pages beyond the counted results", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/patents/search", headers: staff.headers, payload: { current: 101, size: 100, model: {} } });
    expect(res.statusCode).toBe(400);
  });

  it("shows a patent's every field", async () => {
    const found = await search(t.app, staff, { number: "CN100000004B" });
    const id = found.json().result.records[0].id as number;
    const res = await t.app.inject({ method: "GET", url: `/api/patents/${id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      publicationNumber: "CN100000004B",
      grantDate: "2020-05-05",
      abstract: "The device comprises a word line driver and a bit line.",
      inventors: ["John Smith"],
      ipc: ["G11C11/40"],
      legalStatus: "invalid",
      district: "新吴区",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/patents/999999", headers: staff.headers })).statusCode).toBe(404);
  });

  it("exports the filtered rows as .xlsx in the caller's language", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/patents/export", headers: { ...staff.headers, "accept-language": "en" }, payload: { model: { ipc: "H01L" } } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe("Publication number");
    expect(sheet.rowCount).toBe(4);
    const types = [2, 3, 4].map((row) => sheet.getRow(row).getCell(10).value);
    expect(types).toContain("Utility model");
  });

  it("counts the chain map's figures", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/patents/stats", headers: staff.headers, payload: { model: {} } });
    expect(res.statusCode).toBe(200);
    const { trend, topApplicants, ipc, segments } = res.json().result;
    expect(trend).toHaveLength(10);
    const year = (y: number) => trend.find((row: { year: number }) => row.year === y);
    expect(year(2023)).toMatchObject({ applications: 2 });
    expect(year(2020)).toMatchObject({ applications: 1, grants: 2 });
    expect(topApplicants[0].count).toBe(2);
    expect(ipc[0]).toEqual({ code: "H01L", count: 3 });
    expect(Array.isArray(segments)).toBe(true);
  });

  it("profiles a company by credit code or by its normalised name, within the caller's reach", async () => {
    const byCode = await createCompany(t.app, "芯源微电子股份有限公司", { creditCode: "91320214MA1XY00013" });
    const byName = await createCompany(t.app, "无锡芯源微电子有限责任公司");
    const profile = async (who: SignedIn, compId: number) => t.app.inject({ method: "GET", url: `/api/patents/company/${compId}`, headers: who.headers });
    const coded = (await profile(admin, byCode)).json().result;
    expect(coded).toMatchObject({ compId: byCode, matchedBy: "creditCode", total: 1 });
    const named = (await profile(admin, byName)).json().result;
    expect(named).toMatchObject({ matchedBy: "name", total: 2, byType: expect.arrayContaining([{ key: "utility", count: 1 }]) });
    expect(named.ipcGroups).toEqual([{ code: "H01L21", count: 2 }, { code: "H01L23", count: 1 }]);
    expect(named.latest.map((row: { publicationNumber: string }) => row.publicationNumber)).toEqual(["CN100000001A", "CN100000003U"]);
    expect((await numbers(t.app, staff, { compId: byName })).length).toBe(2);

    // Staff own the companies made above (createCompany gives them to every staff user); a member reads only its own.
    expect((await profile(staff, byName)).statusCode).toBe(200);
    const member = await memberOf(t.app, "profileMember", byName, "approved");
    expect((await profile(member, byName)).statusCode).toBe(200);
    expect((await profile(member, byCode)).statusCode).toBe(403);
    expect((await profile(admin, 999999)).statusCode).toBe(404);
  });
});
