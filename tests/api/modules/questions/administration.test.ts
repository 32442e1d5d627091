import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import type { AdminDimension, AdminQuestion } from "../../../../contract/questionnaires";
import { SEED_DIMENSIONS } from "../../../../server/db/migrations/0007_questionnaires";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { call, createCompany, userWith } from "./support";

describe.each(testDatabases())("questionnaire administration on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    staff = await userWith(t.app, RoleCode.STAFF, "李走访");
  });
  afterAll(() => t.close());

  const dimensions = async () => {
    const res = await call(t.app, admin, "/api/archives/dimension/list", {});
    expect(res.statusCode).toBe(200);
    return res.json().result as { records: AdminDimension[]; total: number };
  };

  const questions = async (serviceNo: string) => {
    const res = await call(t.app, admin, "/api/archives/question/list", { serviceNo });
    expect(res.statusCode).toBe(200);
    return res.json().result as { records: AdminQuestion[]; total: number };
  };

  const addDimension = async (serviceName: string, sort = 90) => {
    const res = await call(t.app, admin, "/api/archives/dimension/save", { serviceName, sort });
    expect(res.statusCode).toBe(200);
    return res.json().result.serviceNo as string;
  };

  const addQuestion = async (serviceNo: string, question: string, sort: number, isReq = "0") => {
    const res = await call(t.app, admin, "/api/archives/question/save", { serviceNo, question, isReq, sort });
    expect(res.statusCode).toBe(200);
    return res.json().result.questionNo as string;
  };

  it("lists the dimensions by sort, each with its number of questions", async () => {
    const { records, total } = await dimensions();
    expect(total).toBe(SEED_DIMENSIONS.length);
    expect(records.map((d) => d.serviceNo)).toEqual(SEED_DIMENSIONS.map((d) => d.serviceNo));
    expect(records[0]).toEqual({ serviceNo: "ip", serviceName: "知识产权", isIp: true, sort: 10, questionCount: 8 });
    expect(records.slice(1).map((d) => d.questionCount)).toEqual(SEED_DIMENSIONS.slice(1).map((d) => d.questions.length));
  });

  it("lists a dimension's questions without a company, ordered by sort, marking the answered ones", async () => {
    const serviceNo = await addDimension("供应链安全");
    const third = await addQuestion(serviceNo, "关键设备与材料的国产化比例？", 30);
    const first = await addQuestion(serviceNo, "主要原材料供应商所在地区？", 10, "1");
    const second = await addQuestion(serviceNo, "是否有备选供应商？", 20);
    const compId = await createCompany(t.app, "成都晶链半导体有限公司");
    const answered = await call(t.app, staff, "/api/archives/serviceAnswer", [{ compId, questionNo: second, currentAnswer: "有两家备选", version: 0 }]);
    expect(answered.statusCode).toBe(200);

    const { records, total } = await questions(serviceNo);
    expect(total).toBe(3);
    expect(records).toEqual([
      { questionNo: first, serviceNo, question: "主要原材料供应商所在地区？", isReq: "1", sort: 10, answered: false },
      { questionNo: second, serviceNo, question: "是否有备选供应商？", isReq: "0", sort: 20, answered: true },
      { questionNo: third, serviceNo, question: "关键设备与材料的国产化比例？", isReq: "0", sort: 30, answered: false },
    ]);

    await call(t.app, admin, "/api/archives/question/save", { questionNo: third, serviceNo, question: "关键设备与材料的国产化比例？", isReq: "0", sort: 5 });
    expect((await questions(serviceNo)).records.map((q) => q.questionNo)).toEqual([third, first, second]);
    expect((await dimensions()).records.find((d) => d.serviceNo === serviceNo)?.questionCount).toBe(3);
  });

  it("lists the seeded IP questions in their interview order", async () => {
    const { records } = await questions("ip");
    expect(records.map((q) => q.questionNo)).toEqual(["ip01", "ip02", "ip03", "ip04", "ip05", "ip06", "ip07", "ip08"]);
    expect(records[0]).toMatchObject({ question: "企业是否设立知识产权管理部门或专职人员？", isReq: "1" });
  });

  it("answers 404 for an unknown dimension", async () => {
    const res = await call(t.app, admin, "/api/archives/question/list", { serviceNo: "nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, message: "维度不存在" });
  });

  it("deletes only a dimension without questions", async () => {
    const serviceNo = await addDimension("待删除的维度");
    const questionNo = await addQuestion(serviceNo, "临时问题？", 10);
    const refused = await call(t.app, admin, "/api/archives/dimension/delete", { serviceNo });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, message: "该维度下还有问题，不能删除" });
    expect((await questions(serviceNo)).total).toBe(1);

    expect((await call(t.app, admin, "/api/archives/question/delete", { questionNo })).statusCode).toBe(200);
    const deleted = await call(t.app, admin, "/api/archives/dimension/delete", { serviceNo });
    expect(deleted.json()).toMatchObject({ code: 200, status: 1 });
    expect((await dimensions()).records.map((d) => d.serviceNo)).not.toContain(serviceNo);
    const again = await call(t.app, admin, "/api/archives/dimension/delete", { serviceNo });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("维度不存在");
  });

  it("refuses a blank or too long name or question, and a sort out of range, changing nothing", async () => {
    const save = (body: Record<string, unknown>) => call(t.app, admin, "/api/archives/dimension/save", body);
    expect((await save({ serviceName: "  ", sort: 1 })).json()).toMatchObject({ code: 400, message: "请输入维度名称" });
    expect((await save({ serviceName: "维".repeat(31), sort: 1 })).json()).toMatchObject({ code: 400, message: "维度名称不能超过 30 个字符" });
    expect((await save({ serviceName: "排序太大", sort: 10000 })).json()).toMatchObject({ code: 400, message: "参数 排序 不能大于 9999" });
    expect((await dimensions()).records.map((d) => d.serviceName)).not.toContain("排序太大");

    const ask = (question: string) => call(t.app, admin, "/api/archives/question/save", { serviceNo: "rd", question, isReq: "0", sort: 1 });
    // Counted by characters: 1000 of them fit, even outside the basic plane.
    expect((await ask("𠀀".repeat(1001))).json()).toMatchObject({ code: 400, message: "问题不能超过 1000 个字符" });
    expect((await questions("rd")).records.some((q) => q.question.startsWith("𠀀"))).toBe(false);
    const fits = await ask("𠀀".repeat(1000));
    expect(fits.statusCode).toBe(200);
  });

  it("lets only administrators list and delete", async () => {
    const serviceNo = await addDimension("权限检查");
    expect((await call(t.app, staff, "/api/archives/dimension/list", {})).statusCode).toBe(403);
    expect((await call(t.app, staff, "/api/archives/question/list", { serviceNo: "ip" })).statusCode).toBe(403);
    expect((await call(t.app, staff, "/api/archives/dimension/delete", { serviceNo })).statusCode).toBe(403);
    expect((await dimensions()).records.map((d) => d.serviceNo)).toContain(serviceNo);
  });
});
