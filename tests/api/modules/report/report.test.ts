import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode, type RoleCodeValue } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { loadReport } from "../../../../server/modules/archive/report/data";
import { testDatabases } from "../../helpers/databases";
import { multipartBody } from "../../helpers/multipart";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { call, createCompany, userWith } from "../questions/support";

const EXPORT = "/api/archives/queryReport";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** A 2 x 3 pixel PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAfAAMBU2A3ZgAAAABJRU5ErkJggg==",
  "base64",
);

/** The texts of a piece of WordprocessingML, in order. */
const textsOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);

/** The rows of the first table after the paragraph with the given text, as the texts of their cells. */
function tableAfter(document: string, heading: string): { xml: string; rows: string[][] } {
  const xml = new RegExp(`>${heading}</w:t>.*?<w:tbl>(.*?)</w:tbl>`, "s").exec(document)?.[1] ?? "";
  const rows = [...xml.matchAll(/<w:tr>(.*?)<\/w:tr>/gs)].map((row) => [...row[1].matchAll(/<w:tc>(.*?)<\/w:tc>/gs)].map((cell) => textsOf(cell[1]).join("")));
  return { xml, rows };
}

/** The docx parts a test reads: the body, the page header and the page footer. */
async function partsOf(payload: Buffer) {
  const zip = await JSZip.loadAsync(payload);
  const read = async (pattern: RegExp) => {
    const paths = Object.keys(zip.files).filter((path) => pattern.test(path));
    return (await Promise.all(paths.map((path) => zip.file(path)?.async("string") ?? ""))).join("");
  };
  return { zip, document: await read(/^word\/document\.xml$/), header: await read(/^word\/header\d+\.xml$/), footer: await read(/^word\/footer\d+\.xml$/) };
}

describe.each(testDatabases())("archive export on %s", (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await userWith(t.app, RoleCode.STAFF, "赵调研");
  });
  afterAll(() => t.close());

  const exportOf = (compId: number, who = staff) => t.app.inject({ method: "POST", url: EXPORT, headers: who.headers, payload: { compId } });

  async function uploadPng(): Promise<string> {
    const { payload, headers } = multipartBody([{ name: "file", filename: "现场照片.png", contentType: "image/png", content: PNG }]);
    const res = await t.app.inject({ method: "POST", url: "/api/files/upload", headers: { ...staff.headers, ...headers }, payload });
    expect(res.statusCode).toBe(200);
    return res.json().result.id as string;
  }

  async function addRecord(compId: number, fields: { researchers: string; serviceContent: string; serviceTime: Date }) {
    const now = toDbTime(t.app.dialect, new Date());
    await t.app.db
      .insertInto("serviceRecords")
      .values({
        compId,
        researchers: fields.researchers,
        contactPerson: "陈经理",
        contactPersonPhone: "13912345678",
        contactPersonPosition: "知识产权总监",
        cooperativePartner: "电子科技大学",
        belongCustomer: "高新区重点企业",
        businessOpportunity: "专利导航项目",
        comprehensiveEvaluation: "excellent",
        isOpenPatnavi: "opened",
        mainBusiness: "功率半导体器件设计",
        serviceContent: fields.serviceContent,
        serviceTime: toDbTime(t.app.dialect, fields.serviceTime),
        createBy: staff.userId,
        createDate: now,
        updateBy: staff.userId,
        updateDate: now,
      })
      .execute();
  }

  it("exports the company, every record with its rich text and pictures, and the answers as a .docx", async () => {
    const compId = await createCompany(t.app, "成都芯锐半导体有限公司", { creditCode: "91510100MA6CXXXX1A", address: "成都高新区天府大道中段 1 号" });
    // Stored as codes: a segment and a seeded district.
    await t.app.db.updateTable("companies").set({ segment: "design", district: "510104" }).where("id", "=", compId).execute();
    const imageId = await uploadPng();
    await addRecord(compId, {
      researchers: "赵调研、钱调研",
      serviceContent: `<p><strong>重点</strong>走访<em>研发中心</em>与<u>专利部</u></p><ul><li>需求一：专利检索</li><li>需求二：侵权分析</li></ul><ol><li>第一步</li></ol><p><img src="/api/open/download/${imageId}" alt="现场"></p>`,
      serviceTime: new Date("2026-03-02T02:00:00Z"),
    });
    await addRecord(compId, { researchers: "孙调研", serviceContent: "<p>第二次回访&amp;交流</p>", serviceTime: new Date("2026-04-10T02:00:00Z") });
    await call(t.app, staff, "/api/archives/serviceAnswer", [{ compId, questionNo: "ip02", currentAnswer: "发明专利 21 件，实用新型 40 件", version: 0 }]);

    const res = await exportOf(compId);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(DOCX);
    const disposition = String(res.headers["content-disposition"]);
    expect(disposition).toMatch(/^attachment; filename="archive\.docx"; filename\*=UTF-8''/);
    const name = decodeURIComponent(disposition.split("UTF-8''")[1]);
    expect(name).toMatch(/^敲门服务档案-成都芯锐半导体有限公司-\d{8}\.docx$/);

    const { zip, document, header, footer } = await partsOf(res.rawPayload);
    expect(document).toContain("<w:body>");
    for (const text of [
      "成都芯锐半导体有限公司",
      // The company's fields as the company list and form label them, value sets as their names.
      ">所在区域<",
      ">锦江区<",
      ">产业链环节<",
      ">设计<",
      ">地址<",
      "联系人职务：知识产权总监",
      "专利导航账号：已开通",
      "创建人：赵调研",
      "91510100MA6CXXXX1A",
      "赵调研、钱调研",
      "孙调研",
      "陈经理",
      "电子科技大学",
      "功率半导体器件设计",
      "优秀",
      "已开通",
      "2026-03-02 10:00:00",
      "需求一：专利检索",
      "第二次回访&amp;交流",
      "企业现有专利数量及类型分布？",
      "发明专利 21 件，实用新型 40 件",
      "知识产权",
      "融资与政策需求",
    ]) {
      // A boolean, so that a failure names the text rather than printing the whole document.
      expect(document.includes(text), text).toBe(true);
    }
    // Never a code, nor the report's former labels.
    for (const text of [">design<", ">510104<", "excellent", ">opened<", "细分领域", "所属区域"]) expect(document.includes(text), text).toBe(false);

    // The page header names the document and the company; the footer numbers the pages with fields.
    expect(textsOf(header)).toEqual(["敲门服务档案——成都芯锐半导体有限公司"]);
    expect(textsOf(footer)).toEqual(["第 ", " 页 / 共 ", " 页"]);
    expect(footer).toMatch(/第 <\/w:t>.*<w:instrText[^>]*>PAGE<\/w:instrText>.*共 <\/w:t>.*<w:instrText[^>]*>NUMPAGES<\/w:instrText>.* 页<\/w:t>/s);

    // The visits at a glance, newest first, before the first visit's details; its header row repeats on every page.
    const summary = tableAfter(document, "走访一览");
    expect(summary.rows).toEqual([
      ["序号", "服务时间", "调研人员", "联系人", "综合评价"],
      ["1", "2026-04-10 10:00:00", "孙调研", "陈经理", "优秀"],
      ["2", "2026-03-02 10:00:00", "赵调研、钱调研", "陈经理", "优秀"],
    ]);
    expect(summary.xml).toMatch(/^<w:tblPr>.*?<w:tr><w:trPr><w:cantSplit\/><w:tblHeader\/><\/w:trPr>(?:<w:tc>.*?<w:keepNext\/>.*?<\/w:tc>){5}<\/w:tr>/s);
    expect(document.indexOf("走访一览")).toBeLessThan(document.indexOf("1. 走访记录（2026-04-10 10:00:00）"));
    expect(document.indexOf("二、走访记录（共 2 条）")).toBeLessThan(document.indexOf("走访一览"));

    // Every heading stays with what follows it and in one piece: the title, the sections, the summary,
    // each visit and each questionnaire dimension; so do the questions and the "服务记录：" label.
    const headings = [...document.matchAll(/<w:p><w:pPr><w:pStyle w:val="(?:Title|Heading\d)"\/>(.*?)<\/w:pPr><w:r><w:t[^>]*>([^<]*)</g)];
    expect(headings.length).toBeGreaterThanOrEqual(1 + 3 + 1 + 2 + 5);
    for (const [, properties, text] of headings) expect(properties.startsWith("<w:keepNext/><w:keepLines/>"), text).toBe(true);
    expect(document).toMatch(/<w:keepNext\/><\/w:pPr><w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">服务记录：/);
    // A visit's fields are one block, kept whole and with that label.
    expect(document).toMatch(/<w:pPr><w:keepNext\/><w:keepLines\/><\/w:pPr><w:r><w:t xml:space="preserve">服务时间：2026-04-10 10:00:00/);
    expect(document).toMatch(/<w:keepNext\/><w:keepLines\/><w:spacing w:before="120"\/><\/w:pPr><w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">2\. 企业现有专利数量及类型分布？/);
    // Bold, italic and underline runs, list numbering and the embedded picture.
    const has = (pattern: RegExp) => pattern.test(document);
    expect(has(/<w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">重点/)).toBe(true);
    expect(has(/<w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">研发中心/)).toBe(true);
    expect(has(/<w:u w:val="single"\/><\/w:rPr><w:t xml:space="preserve">专利部/)).toBe(true);
    expect(has(/<w:numPr>.*?<\/w:pPr><w:r><w:t xml:space="preserve">需求一：专利检索/)).toBe(true);
    expect(has(/<w:drawing>/)).toBe(true);
    expect(Object.keys(zip.files).some((path) => path.startsWith("word/media/"))).toBe(true);
    // Newest visit first.
    expect(document.indexOf("孙调研")).toBeLessThan(document.indexOf("赵调研、钱调研"));

    const styles = await zip.file("word/styles.xml")?.async("string");
    expect(styles).toMatch(/<w:docDefaults>.*w:eastAsia="宋体".*<\/w:docDefaults>/s);
    expect(styles).toContain('w:eastAsia="黑体"');
  });

  it("leaves voided records out of the document", async () => {
    const compId = await createCompany(t.app, "作废记录导出企业");
    await addRecord(compId, { researchers: "保留的调研员", serviceContent: "<p>有效走访</p>", serviceTime: new Date("2026-05-02T02:00:00Z") });
    await addRecord(compId, { researchers: "作废的调研员", serviceContent: "<p>误录</p>", serviceTime: new Date("2026-05-03T02:00:00Z") });
    await t.app.db
      .updateTable("serviceRecords")
      .set({ voidedAt: toDbTime(t.app.dialect, new Date()), voidedBy: staff.userId, voidReason: "误录" })
      .where("compId", "=", compId)
      .where("researchers", "=", "作废的调研员")
      .execute();
    const { document } = await partsOf((await exportOf(compId)).rawPayload);
    expect(document).toContain("保留的调研员");
    expect(document).not.toContain("作废的调研员");
  });

  it("writes the headings, labels and file name in the caller's language, the archive's content as written", async () => {
    const compId = await createCompany(t.app, "成都英文导出测试企业");
    await t.app.db.updateTable("companies").set({ segment: "packagingTest" }).where("id", "=", compId).execute();
    await addRecord(compId, { researchers: "钱调研", serviceContent: "<p>回访</p>", serviceTime: new Date("2026-05-06T02:00:00Z") });
    const res = await t.app.inject({ method: "POST", url: EXPORT, headers: { ...staff.headers, "accept-language": "en" }, payload: { compId } });
    expect(res.statusCode).toBe(200);
    const name = decodeURIComponent(String(res.headers["content-disposition"]).split("UTF-8''")[1]);
    expect(name).toMatch(/^service-archive-成都英文导出测试企业-\d{8}\.docx$/);
    const { document, header, footer } = await partsOf(res.rawPayload);
    for (const text of [
      "Service archive: 成都英文导出测试企业",
      "1. Company",
      ">Industry-chain segment<",
      ">Packaging and testing<",
      "2. Visit records (1)",
      "3. Questionnaires",
      "Researchers: 钱调研",
      "Overall evaluation: Excellent",
      "Patent navigation account: Opened",
      "Created by: 赵调研",
      ">Service record:<",
      "回访",
    ]) {
      expect(document.includes(text), text).toBe(true);
    }
    for (const text of ["敲门服务档案", "企业信息", "走访记录", "维度问卷", "调研人员", "综合评价", "优秀", "已开通", "封装测试", ">packagingTest<", "导出时间"]) {
      expect(document.includes(text), text).toBe(false);
    }
    expect(textsOf(header)).toEqual(["Service archive: 成都英文导出测试企业"]);
    expect(textsOf(footer)).toEqual(["Page ", " of "]);
    expect(footer).toMatch(/Page <\/w:t>.*<w:instrText[^>]*>PAGE<\/w:instrText>.* of <\/w:t>.*<w:instrText[^>]*>NUMPAGES<\/w:instrText>/s);
    expect(tableAfter(document, "Visits at a glance").rows).toEqual([
      ["No.", "Service time", "Researchers", "Contact person", "Overall evaluation"],
      ["1", "2026-05-06 10:00:00", "钱调研", "陈经理", "Excellent"],
    ]);
  });

  it("exports 1,000 records in one go", async () => {
    const compId = await createCompany(t.app, "成都千条记录测试企业");
    const now = toDbTime(t.app.dialect, new Date());
    const base = {
      compId,
      contactPerson: "周经理",
      cooperativePartner: "四川大学",
      belongCustomer: "重点客户",
      businessOpportunity: "贯标辅导",
      comprehensiveEvaluation: "good" as const,
      isOpenPatnavi: "noIntention" as const,
      mainBusiness: "晶圆级封装",
      createBy: staff.userId,
      createDate: now,
      updateBy: staff.userId,
      updateDate: now,
    };
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      ...base,
      researchers: `调研员${i}`,
      serviceContent: `<p>第 <strong>${i}</strong> 次走访</p>`,
      serviceTime: toDbTime(t.app.dialect, new Date(Date.UTC(2025, 0, 1) + i * 3_600_000)),
    }));
    for (let i = 0; i < rows.length; i += 200) await t.app.db.insertInto("serviceRecords").values(rows.slice(i, i + 200)).execute();

    const res = await exportOf(compId);
    expect(res.statusCode).toBe(200);
    const { document } = await partsOf(res.rawPayload);
    for (const text of ["调研员999<", "调研员0<", "走访记录（共 1000 条）"]) expect(document.includes(text), text).toBe(true);
    // One summary row a visit, under its header row, newest first.
    const summary = tableAfter(document, "走访一览").rows;
    expect(summary).toHaveLength(1001);
    expect(summary[1]).toEqual(["1", "2025-02-11 23:00:00", "调研员999", "周经理", "良好"]);
    expect(summary[1000]).toEqual(["1000", "2025-01-01 08:00:00", "调研员0", "周经理", "良好"]);
  });

  it("names a district code from CITY_AREAS when it is configured, and shows text that is no code as written", async () => {
    const compId = await createCompany(t.app, "成都区域代码测试企业");
    await t.app.db.updateTable("companies").set({ district: "demo-zone-1" }).where("id", "=", compId).execute();
    const files = { open: () => Promise.resolve(undefined) };
    expect((await loadReport({ db: t.app.db, files, cityAreas: [{ code: "demo-zone-1", name: "示范园区" }] }, compId)).company.districtName).toBe("示范园区");
    expect((await loadReport({ db: t.app.db, files, cityAreas: null }, compId)).company.districtName).toBeNull();

    await t.app.db.updateTable("companies").set({ district: "东部新区" }).where("id", "=", compId).execute();
    const { document } = await partsOf((await exportOf(compId)).rawPayload);
    expect(document).toContain(">东部新区<");
  });

  it("answers 404 for an unknown company and needs the export permission", async () => {
    expect((await exportOf(999999)).json()).toMatchObject({ code: 403, message: "该企业不在您负责的范围内，无权查看或修改其档案" });
    const unknown = await exportOf(999999, await signInAsAdmin(t.app));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, message: "企业不存在" });

    const compId = await createCompany(t.app, "成都权限测试企业");
    expect((await exportOf(compId, await userWith(t.app, RoleCode.MEMBER))).statusCode).toBe(403);
    // A role that may read the archive but not export it.
    const admin = await signInAsAdmin(t.app);
    const role = await t.app.db.insertInto("roles").values({ code: "archiveReader", name: "档案查看", builtin: 0, createdAt: toDbTime(t.app.dialect, new Date()) }).returning("id").executeTakeFirstOrThrow();
    const menu = await t.app.db.selectFrom("menus").select("id").where("code", "=", "serviceFiles").executeTakeFirstOrThrow();
    await t.app.db.insertInto("roleMenus").values({ roleId: role.id, menuId: menu.id }).execute();
    await createUser(t.app, { username: "archiveReader1", password: "Reader-pass-1", roles: ["archiveReader" as RoleCodeValue] });
    const reader = await signIn(t.app, "archiveReader1", "Reader-pass-1");
    await t.app.db.insertInto("companyOwners").values({ companyId: compId, userId: reader.userId }).execute();
    expect((await call(t.app, reader, "/api/archives/queryDimension")).statusCode).toBe(200);
    expect((await exportOf(compId, reader)).statusCode).toBe(403);
    expect((await exportOf(compId, admin)).statusCode).toBe(200);
  });
});
