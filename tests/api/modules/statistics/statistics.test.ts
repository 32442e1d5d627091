import ExcelJS from "exceljs";
import JSZip from "jszip";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { STATISTICS_GROUP_BYS, type StatisticsGroupBy } from "../../../../contract/statistics";
import type { Statistics } from "../../../../contract/schemas/statistics";
import { parseDateTime, toDbTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

const PASSWORD = "Stats-pass-1";
const VISITS = "/api/statistics/visits";
const REPORT = "/api/statistics/report";
const FROM = "2024-11-01";
const TO = "2025-03-31";

/** A small fixed pseudo-random sequence, so that every run generates the same records. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const SEGMENTS = ["design", "manufacturing", "equipment", null, "  "];
const DISTRICTS = ["510104", "510105", null, "城北某地"];
/** The researchers linked to a record, by their position in the researcher users: none, one or several. */
const LINKS: number[][] = [[0, 1], [1], [2, 0], [3, 4, 1], [0], [], [], [5]];
const RESEARCHER_NAMES = ["张三", "李四", "王五", "赵六", "孙七", "周八"];
const EVALS = ["excellent", "good", "average"] as const;
const OPEN = ["opened", "notOpened", "noIntention"] as const;

describe.each(testDatabases())("service statistics on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let manager: SignedIn;
  let staff: SignedIn;
  let member: SignedIn;
  let staffId: number;
  let adminId: number;
  let researcherIds: number[];
  let companyIds: number[];
  const timeZone = () => t.config.timeZone;
  const instant = (wall: string) => toDbTime(t.app.dialect, parseDateTime(wall, timeZone())!);

  const stats = (who: SignedIn, body: Record<string, unknown>, language = "zh-CN") =>
    t.app.inject({ method: "POST", url: VISITS, headers: { ...who.headers, "accept-language": language }, payload: body });
  const figures = async (who: SignedIn, groupBy: StatisticsGroupBy, from = FROM, to = TO): Promise<Statistics> => {
    const res = await stats(who, { from, to, groupBy });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    staffId = await createUser(t.app, { username: "statsStaff", password: PASSWORD, roles: [RoleCode.STAFF] });
    await createUser(t.app, { username: "statsManager", password: PASSWORD, roles: [RoleCode.MANAGER] });
    await createUser(t.app, { username: "statsMember", password: PASSWORD, roles: [RoleCode.MEMBER] });
    staff = await signIn(t.app, "statsStaff", PASSWORD);
    manager = await signIn(t.app, "statsManager", PASSWORD);
    member = await signIn(t.app, "statsMember", PASSWORD);
    researcherIds = [];
    for (const [i, name] of RESEARCHER_NAMES.entries()) researcherIds.push(await createUser(t.app, { username: `statsResearcher${i}`, password: PASSWORD, name }));
    adminId = (await t.app.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id;

    const now = toDbTime(t.app.dialect, new Date());
    const rnd = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
    companyIds = [];
    for (let i = 0; i < 12; i++) {
      const row = await t.app.db
        .insertInto("companies")
        .values({ name: `统计测试企业${i}`, segment: pick(SEGMENTS), district: pick(DISTRICTS), createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      companyIds.push(row.id);
    }
    // Two companies never visited; the staff user owns the first three.
    await t.app.db.insertInto("companyOwners").values(companyIds.slice(0, 3).map((companyId) => ({ companyId, userId: staffId }))).execute();
    const visited = companyIds.slice(0, 10);
    const start = parseDateTime("2024-10-20 00:00:00", timeZone())!.getTime();
    const span = parseDateTime("2025-04-10 00:00:00", timeZone())!.getTime() - start;
    const records = Array.from({ length: 300 }, () => new Date(start + Math.floor(rnd() * span / 1000) * 1000));
    // The period's edges: its first and last second count, the seconds either side do not.
    records.push(
      parseDateTime("2024-11-01 00:00:00", timeZone())!,
      parseDateTime("2025-03-31 23:59:59", timeZone())!,
      parseDateTime("2024-10-31 23:59:59", timeZone())!,
      parseDateTime("2025-04-01 00:00:00", timeZone())!,
      // A month's edge inside the period.
      parseDateTime("2025-01-31 23:59:59", timeZone())!,
      parseDateTime("2025-02-01 00:00:00", timeZone())!,
    );
    const links = records.map(() => pick(LINKS));
    const inserted = await t.app.db
      .insertInto("serviceRecords")
      .values(
        records.map((time, i) => ({
          compId: pick(visited),
          researchers: links[i].map((n) => RESEARCHER_NAMES[n]).join("、") || null,
          contactPerson: null,
          contactPersonPhone: null,
          contactPersonPosition: null,
          cooperativePartner: "甲",
          belongCustomer: "乙",
          businessOpportunity: "丙",
          comprehensiveEvaluation: pick(EVALS),
          isOpenPatnavi: pick(OPEN),
          mainBusiness: "丁",
          serviceContent: "<p>戊</p>",
          serviceTime: toDbTime(t.app.dialect, time),
          nextFollowTime: null,
          attachment: null,
          createBy: adminId,
          updateBy: adminId,
        })),
      )
      .returning("id")
      .execute();
    const linkRows = inserted.flatMap((row, i) => links[i].map((n, position) => ({ recordId: row.id, userId: researcherIds[n], position })));
    await t.app.db.insertInto("serviceRecordResearchers").values(linkRows).execute();
    // One record in ten is voided: it stays in the archive but is no visit.
    await voidRecords(inserted.filter((_, i) => i % 10 === 3).map((row) => row.id));
  });
  afterAll(() => t.close());

  const voidRecords = (ids: number[]) =>
    t.app.db
      .updateTable("serviceRecords")
      .set({ voidedAt: toDbTime(t.app.dialect, new Date()), voidedBy: adminId, voidReason: "重复录入" })
      .where("id", "in", ids)
      .execute();

  /** What plain SQL counts over the period's records matching `where` (and the owner's companies, when given). */
  async function direct(where: ReturnType<typeof sql>, from = FROM, to = TO, ownerId?: number) {
    const end = new Date(parseDateTime(to, timeZone())!.getTime() + 86_400_000);
    const owned = ownerId === undefined ? sql`` : sql`and r.comp_id in (select company_id from company_owners where user_id = ${ownerId})`;
    const row = (
      await sql<{ v: unknown; c: unknown }>`select count(*) as v, count(distinct r.comp_id) as c from service_records r join companies co on co.id = r.comp_id
        where r.service_time >= ${instant(`${from} 00:00:00`)} and r.service_time < ${toDbTime(t.app.dialect, end)} and r.voided_at is null ${owned} and ${where}`.execute(t.app.db)
    ).rows[0];
    return { visits: Number(row.v), companies: Number(row.c) };
  }

  it("totals the period as plain SQL counts it, with the companies registered and the accounts opened", async () => {
    const all = await direct(sql`1 = 1`);
    const opened = await direct(sql`r.is_open_patnavi = 'opened'`);
    for (const groupBy of STATISTICS_GROUP_BYS) {
      const { totals } = await figures(admin, groupBy);
      expect(totals, groupBy).toEqual({ visits: all.visits, companies: all.companies, companiesRegistered: 12, patnaviOpened: opened.companies });
    }
    expect(all.visits).toBeGreaterThan(200);
  });

  it("counts each evaluation as plain SQL does", async () => {
    const { rows } = await figures(admin, "evaluation");
    expect(rows.map((row) => row.key)).toEqual([...EVALS]);
    for (const row of rows) expect(row, row.key).toMatchObject(await direct(sql`r.comprehensive_evaluation = ${row.key}`));
    expect(rows.map((row) => row.label)).toEqual(["优秀", "良好", "一般"]);
  });

  it("counts each month of the period in the platform's zone, the empty ones included", async () => {
    const { rows } = await figures(admin, "month");
    expect(rows.map((row) => row.key)).toEqual(["2024-11", "2024-12", "2025-01", "2025-02", "2025-03"]);
    for (const row of rows) {
      const [year, month] = row.key.split("-").map(Number);
      const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
      const counted = await direct(sql`r.service_time >= ${instant(`${row.key}-01 00:00:00`)} and r.service_time < ${instant(`${next}-01 00:00:00`)}`);
      expect(row, row.key).toMatchObject(counted);
    }
    // A month with no visit is listed with zeros.
    const quiet = await figures(admin, "month", "2023-01-01", "2023-02-15");
    expect(quiet.rows).toEqual([
      { key: "2023-01", label: "2023-01", visits: 0, companies: 0 },
      { key: "2023-02", label: "2023-02", visits: 0, companies: 0 },
    ]);
  });

  it("counts each segment and district of the company, not set as one group", async () => {
    const segments = await figures(admin, "segment");
    expect(segments.rows.slice(0, 5).map((row) => row.key)).toEqual(["design", "manufacturing", "packagingTest", "equipment", "materials"]);
    for (const row of segments.rows) {
      const where = row.key === "" ? sql`(co.segment is null or trim(co.segment) = '')` : sql`co.segment = ${row.key}`;
      expect(row, row.key).toMatchObject(await direct(where));
    }
    expect(segments.rows.find((row) => row.key === "")?.label).toBe("未填写");
    expect(segments.rows.find((row) => row.key === "design")?.label).toBe("设计");

    const districts = await figures(admin, "district");
    for (const row of districts.rows) {
      const where = row.key === "" ? sql`(co.district is null or trim(co.district) = '')` : sql`co.district = ${row.key}`;
      expect(row, row.key).toMatchObject(await direct(where));
    }
    expect(districts.rows.find((row) => row.key === "510104")?.label).toBe("锦江区");
    expect(districts.rows.find((row) => row.key === "城北某地")?.label).toBe("城北某地");
    expect(districts.rows.reduce((sum, row) => sum + row.visits, 0)).toBe(districts.totals.visits);
  });

  /** Per linked user (key "" for records linking none), what plain SQL counts over the links. */
  async function directByResearcher(from = FROM, to = TO) {
    const end = new Date(parseDateTime(to, timeZone())!.getTime() + 86_400_000);
    const rows = (
      await sql<{ k: unknown; v: unknown; c: unknown }>`select coalesce(l.user_id, 0) as k, count(*) as v, count(distinct r.comp_id) as c
        from service_records r left join service_record_researchers l on l.record_id = r.id
        where r.service_time >= ${instant(`${from} 00:00:00`)} and r.service_time < ${toDbTime(t.app.dialect, end)} and r.voided_at is null
        group by coalesce(l.user_id, 0)`.execute(t.app.db)
    ).rows;
    return new Map(rows.map((row) => [Number(row.k) === 0 ? "" : String(row.k), { visits: Number(row.v), companies: Number(row.c) }]));
  }

  it("counts each linked researcher by user, the records linking none as one group", async () => {
    const { rows } = await figures(admin, "researcher");
    const expected = await directByResearcher();
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(expected.keys()));
    for (const row of rows) expect(row, row.key).toMatchObject(expected.get(row.key)!);
    const linked = rows.filter((row) => row.key !== "");
    expect(linked.map((row) => row.label).sort()).toEqual([...RESEARCHER_NAMES].sort());
    expect(linked.find((row) => row.label === "李四")?.key).toBe(String(researcherIds[1]));
    // Most visits first, the records linking nobody last.
    expect(linked.map((row) => row.visits)).toEqual([...linked.map((row) => row.visits)].sort((a, b) => b - a));
    expect(rows.at(-1)).toMatchObject({ key: "", label: "其他（未关联用户）" });
  });

  it("counts a period starting and ending inside months as plain SQL does, for every grouping", async () => {
    const [from, to] = ["2024-11-15", "2025-02-10"];
    const all = await direct(sql`1 = 1`, from, to);
    const byResearcher = await directByResearcher(from, to);
    for (const groupBy of STATISTICS_GROUP_BYS) expect((await figures(admin, groupBy, from, to)).totals, groupBy).toMatchObject(all);
    for (const row of (await figures(admin, "researcher", from, to)).rows) expect(row, row.key).toMatchObject(byResearcher.get(row.key)!);
    for (const row of (await figures(admin, "evaluation", from, to)).rows) expect(row, row.key).toMatchObject(await direct(sql`r.comprehensive_evaluation = ${row.key}`, from, to));
    const months = (await figures(admin, "month", from, to)).rows;
    expect(months.map((row) => row.key)).toEqual(["2024-11", "2024-12", "2025-01", "2025-02"]);
    expect(months[0]).toMatchObject(await direct(sql`1 = 1`, from, "2024-11-30"));
    expect(months[3]).toMatchObject(await direct(sql`1 = 1`, "2025-02-01", to));
    // Within one month.
    expect((await figures(admin, "month", "2025-01-05", "2025-01-20")).totals).toMatchObject(await direct(sql`1 = 1`, "2025-01-05", "2025-01-20"));
  });

  it("follows every write of the records: a new visit, a voiding, a moved service time, a changed researcher", async () => {
    const before = await figures(admin, "researcher");
    const [record] = await sql<{ id: number }>`select id from service_records where voided_at is null and service_time >= ${instant("2024-12-01 00:00:00")}
      and service_time < ${instant("2025-01-01 00:00:00")} order by id limit 1`.execute(t.app.db).then((r) => r.rows);
    await voidRecords([record.id]);
    await t.app.db
      .updateTable("serviceRecords")
      .set({ serviceTime: instant("2025-03-15 10:00:00") })
      .where("id", "=", (await t.app.db.selectFrom("serviceRecords").select("id").where("id", ">", record.id).where("voidedAt", "is", null).orderBy("id").executeTakeFirstOrThrow()).id)
      .execute();
    await t.app.db.deleteFrom("serviceRecordResearchers").where("userId", "=", researcherIds[5]).execute();
    const added = await t.app.db
      .insertInto("serviceRecords")
      .values({
        compId: companyIds[11],
        researchers: "周八",
        cooperativePartner: "甲",
        belongCustomer: "乙",
        businessOpportunity: "丙",
        comprehensiveEvaluation: "excellent",
        isOpenPatnavi: "opened",
        mainBusiness: "丁",
        serviceContent: "<p>戊</p>",
        serviceTime: instant("2025-02-14 09:00:00"),
        createBy: adminId,
        updateBy: adminId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto("serviceRecordResearchers").values({ recordId: added.id, userId: researcherIds[5], position: 0 }).execute();

    const after = await figures(admin, "researcher");
    expect(after.totals.visits).toBe(before.totals.visits);
    expect(after.totals.companies).toBe(before.totals.companies + 1);
    const expected = await directByResearcher();
    for (const row of after.rows) expect(row, row.key).toMatchObject(expected.get(row.key)!);
    expect(after.rows.find((row) => row.key === String(researcherIds[5]))).toMatchObject({ visits: 1, companies: 1 });
    for (const row of (await figures(admin, "month")).rows) {
      const [year, month] = row.key.split("-").map(Number);
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      expect(row, row.key).toMatchObject(await direct(sql`1 = 1`, `${row.key}-01`, `${row.key}-${last}`));
    }
    const evaluation = await figures(admin, "evaluation");
    expect(evaluation.totals).toMatchObject({ ...(await direct(sql`1 = 1`)), patnaviOpened: (await direct(sql`r.is_open_patnavi = 'opened'`)).companies });
  });

  it("labels in the caller's language", async () => {
    const res = await stats(admin, { from: FROM, to: TO, groupBy: "evaluation" }, "en");
    expect(res.json().result.rows.map((row: { label: string }) => row.label)).toEqual(["Excellent", "Good", "Average"]);
    const segments = (await stats(admin, { from: FROM, to: TO, groupBy: "segment" }, "en")).json().result.rows;
    expect(segments.find((row: { key: string }) => row.key === "")?.label).toBe("Not set");
  });

  it("refuses a period that is not two real days in order, at most 5 years long", async () => {
    const refused = async (body: Record<string, unknown>, language = "zh-CN") => {
      const res = await stats(admin, body, language);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ from: "2025-02-30", to: "2025-03-01", groupBy: "month" })).toBe("请输入正确的统计期（YYYY-MM-DD）");
    expect(await refused({ from: "2025-03-02", to: "2025-03-01", groupBy: "month" })).toBe("统计期的开始日期不能晚于结束日期");
    expect(await refused({ from: "2020-01-01", to: "2025-01-01", groupBy: "month" })).toBe("统计期不能超过 5 年");
    expect(await refused({ from: "2020-01-01", to: "2025-01-01", groupBy: "month" }, "en")).toBe("The period may not be longer than 5 years");
    await refused({ from: "2025/01/01", to: "2025-03-01", groupBy: "month" });
    await refused({ from: "2025-01-01", to: "2025-03-01", groupBy: "week" });
    // Five years less a day is allowed, and one day.
    expect((await stats(admin, { from: "2020-01-01", to: "2024-12-31", groupBy: "month" })).statusCode).toBe(200);
    const oneDay = await figures(admin, "evaluation", "2024-11-01", "2024-11-01");
    expect(oneDay.totals.visits).toBe((await direct(sql`1 = 1`, "2024-11-01", "2024-11-01")).visits);
    expect(oneDay.totals.visits).toBeGreaterThanOrEqual(1);
  });

  it("answers administrators and managers, refuses staff and members", async () => {
    expect((await stats(manager, { from: FROM, to: TO, groupBy: "segment" })).statusCode).toBe(200);
    expect((await stats(admin, { from: FROM, to: TO, groupBy: "segment" })).statusCode).toBe(200);
    for (const who of [staff, member]) {
      expect((await stats(who, { from: FROM, to: TO, groupBy: "segment" })).statusCode).toBe(403);
      const report = await t.app.inject({ method: "GET", url: `${REPORT}?from=${FROM}&to=${TO}&format=xlsx`, headers: who.headers });
      expect(report.statusCode).toBe(403);
    }
    // The manager's figures are every company's, as the administrator's.
    expect((await figures(manager, "district")).totals).toEqual((await figures(admin, "district")).totals);
  });

  it("limits the figures to the caller's own companies when a role of scope own is given the menu", async () => {
    const staffRole = await t.app.db.selectFrom("roles").select("id").where("code", "=", RoleCode.STAFF).executeTakeFirstOrThrow();
    const menu = await t.app.db.selectFrom("menus").select("id").where("code", "=", "statistics").executeTakeFirstOrThrow();
    await t.app.db.insertInto("roleMenus").values({ roleId: staffRole.id, menuId: menu.id }).execute();
    try {
      const own = await figures(staff, "evaluation");
      const counted = await direct(sql`1 = 1`, FROM, TO, staffId);
      expect(own.totals).toMatchObject({ visits: counted.visits, companies: counted.companies, companiesRegistered: 3 });
      for (const row of own.rows) expect(row).toMatchObject(await direct(sql`r.comprehensive_evaluation = ${row.key}`, FROM, TO, staffId));
      const researchers = await figures(staff, "researcher");
      expect(researchers.totals.visits).toBe(counted.visits);
    } finally {
      await t.app.db.deleteFrom("roleMenus").where("roleId", "=", staffRole.id).where("menuId", "=", menu.id).execute();
    }
  });

  it("exports the report as .xlsx: a sheet a section, value sets as text, in the caller's language", async () => {
    const res = await t.app.inject({ method: "GET", url: `${REPORT}?from=${FROM}&to=${TO}&format=xlsx`, headers: manager.headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain(encodeURIComponent("服务统计报告-20241101-20250331.xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["概览", "按月", "按调研人员", "综合评价", "按产业链环节", "按所在区域"]);
    const values = (name: string) => workbook.getWorksheet(name)!.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    const totals = (await figures(admin, "month")).totals;
    const summary = values("概览");
    expect(summary[0]).toEqual(["项目", "数值"]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ["走访次数", totals.visits],
        ["走访企业数", totals.companies],
        ["登记企业数", 12],
        ["开通专利导航账号的企业", totals.patnaviOpened],
        ["覆盖率", `${((totals.companies * 100) / 12).toFixed(1)}%`],
      ]),
    );
    const evaluation = values("综合评价");
    expect(evaluation.map((row) => row[0])).toEqual(["综合评价", "优秀", "良好", "一般"]);
    const segments = values("按产业链环节");
    expect(segments[0]).toEqual(["产业链环节", "走访次数", "走访企业数", "登记企业数", "覆盖率"]);
    expect(segments.map((row) => row[0])).toContain("设计");
    expect(values("按月").map((row) => row[0])).toEqual(["月份", "2024-11", "2024-12", "2025-01", "2025-02", "2025-03"]);

    const english = await t.app.inject({ method: "GET", url: `${REPORT}?from=${FROM}&to=${TO}&format=xlsx`, headers: { ...admin.headers, "accept-language": "en" } });
    const en = new ExcelJS.Workbook();
    await en.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(en.worksheets[0].name).toBe("Summary");
    expect((en.getWorksheet("Overall evaluation")!.getRow(2).values as unknown[])[1]).toBe("Excellent");
  });

  it("exports the report as .docx with every section, the period in its header", async () => {
    const res = await t.app.inject({ method: "GET", url: `${REPORT}?from=${FROM}&to=${TO}&format=docx`, headers: admin.headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toContain("wordprocessingml");
    const zip = await JSZip.loadAsync(res.rawPayload);
    const body = await zip.file("word/document.xml")!.async("string");
    for (const heading of ["服务统计报告", "一、概览", "二、按月", "三、按调研人员", "四、综合评价", "五、按产业链环节", "六、按所在区域", "优秀", "设计", "锦江区", "张三"]) {
      expect(body, heading).toContain(heading);
    }
    const header = Object.keys(zip.files).find((name) => /^word\/header\d*\.xml$/.test(name))!;
    expect(await zip.file(header)!.async("string")).toContain("2024-11-01");
  });

  it("refuses a report of an unbounded period or an unknown format", async () => {
    const bad = (query: string) => t.app.inject({ method: "GET", url: `${REPORT}?${query}`, headers: admin.headers });
    expect((await bad("from=2019-01-01&to=2025-01-01&format=xlsx")).statusCode).toBe(400);
    expect((await bad(`from=${FROM}&to=${TO}&format=pdf`)).statusCode).toBe(400);
    expect((await bad(`from=${FROM}&format=docx`)).statusCode).toBe(400);
  });
});
