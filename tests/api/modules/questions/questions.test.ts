import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { SEED_DIMENSIONS } from "../../../../server/db/migrations/0007_questionnaires";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { call, createCompany, DATE_TIME, userWith } from "./support";

describe.each(testDatabases())("questionnaire dimensions and questions on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let compId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    staff = await userWith(t.app, RoleCode.STAFF, "王调研");
    compId = await createCompany(t.app, "成都芯测微电子有限公司");
  });
  afterAll(() => t.close());

  const questions = async (serviceType: string, who = staff) => {
    const res = await call(t.app, who, "/api/archives/queryServiceQuestion", { compId, serviceType });
    expect(res.statusCode).toBe(200);
    return res.json().result as { questionNo: string; question: string; isReq: string; currentAnswer: string; version: number; lastEditor: string | null; lastEditDate: string | null; createDate: string; createBy: string | null; serviceName: string; serviceType: string }[];
  };

  it("seeds the IP dimension first with its eight interview questions, then the enterprise profile", async () => {
    const res = await call(t.app, staff, "/api/archives/queryDimension");
    expect(res.statusCode).toBe(200);
    const dimensions = res.json().result as { serviceNo: string; serviceName: string; isIp: boolean }[];
    expect(dimensions.map((d) => d.serviceNo)).toEqual(SEED_DIMENSIONS.map((d) => d.serviceNo));
    expect(dimensions[0]).toMatchObject({ serviceNo: "ip", serviceName: "知识产权", isIp: true });
    expect(dimensions.slice(1).every((d) => !d.isIp)).toBe(true);
    expect(dimensions.map((d) => d.serviceName)).toEqual(expect.arrayContaining(["企业基本情况", "研发与技术", "市场与客户", "融资与政策需求"]));

    const ip = await questions("ip");
    expect(ip).toHaveLength(8);
    expect(ip[0]).toMatchObject({ questionNo: "ip01", question: "企业是否设立知识产权管理部门或专职人员？", isReq: "1", serviceName: "知识产权", serviceType: "ip", currentAnswer: "", version: 0, lastEditor: null, lastEditDate: null });
    expect(ip[0].createDate).toMatch(DATE_TIME);
    expect(ip.filter((q) => q.isReq === "1").length).toBeGreaterThan(1);
    expect(ip.some((q) => q.isReq === "0")).toBe(true);
    for (const d of SEED_DIMENSIONS.slice(1)) expect((await questions(d.serviceNo)).length).toBeGreaterThanOrEqual(4);
  });

  it("shows the answer with its version and the last editor from the history", async () => {
    await call(t.app, staff, "/api/archives/serviceAnswer", [{ compId, questionNo: "ip02", currentAnswer: "发明专利 12 件，实用新型 30 件", version: 0 }]);
    const ip02 = (await questions("ip")).find((q) => q.questionNo === "ip02");
    expect(ip02).toMatchObject({ currentAnswer: "发明专利 12 件，实用新型 30 件", version: 1, lastEditor: "王调研" });
    expect(ip02?.lastEditDate).toMatch(DATE_TIME);
  });

  it("answers 404 for an unknown company or dimension", async () => {
    const unknownCompany = await call(t.app, staff, "/api/archives/queryServiceQuestion", { compId: 999999, serviceType: "ip" });
    expect(unknownCompany.statusCode).toBe(404);
    expect(unknownCompany.json().message).toBe("企业不存在");
    expect((await call(t.app, staff, "/api/archives/queryServiceQuestion", { compId, serviceType: "nope" })).statusCode).toBe(404);
  });

  it("lets an administrator add and edit dimensions and questions", async () => {
    const added = await call(t.app, admin, "/api/archives/dimension/save", { serviceName: "人才与团队", sort: 60 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ code: 200, status: 1, result: { serviceName: "人才与团队", isIp: false, sort: 60 } });
    const serviceNo = added.json().result.serviceNo as string;
    const renamed = await call(t.app, admin, "/api/archives/dimension/save", { serviceNo, serviceName: "人才与团队建设", sort: 5 });
    expect(renamed.json().result).toMatchObject({ serviceNo, serviceName: "人才与团队建设", sort: 5 });
    const dimensions = (await call(t.app, staff, "/api/archives/queryDimension")).json().result as { serviceNo: string }[];
    expect(dimensions[0].serviceNo).toBe(serviceNo);

    const question = await call(t.app, admin, "/api/archives/question/save", { serviceNo, question: "核心团队规模及来源？", isReq: "1", sort: 10 });
    expect(question.json()).toMatchObject({ status: 1, result: { serviceNo, question: "核心团队规模及来源？", isReq: "1", sort: 10 } });
    const questionNo = question.json().result.questionNo as string;
    const edited = await call(t.app, admin, "/api/archives/question/save", { questionNo, serviceNo, question: "核心研发团队规模及来源？", isReq: "0", sort: 20 });
    expect(edited.json().result).toMatchObject({ questionNo, question: "核心研发团队规模及来源？", isReq: "0" });
    const listed = await questions(serviceNo);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ questionNo, isReq: "0" });
    expect(listed[0].createBy).toEqual(expect.any(String));

    expect((await call(t.app, admin, "/api/archives/question/save", { serviceNo: "nope", question: "x", isReq: "1", sort: 1 })).json().message).toBe("维度不存在");
    expect((await call(t.app, admin, "/api/archives/question/save", { serviceNo, question: "  ", isReq: "1", sort: 1 })).json().message).toBe("请输入问题内容");
    expect((await call(t.app, admin, "/api/archives/dimension/save", { serviceNo: "nope", serviceName: "x", sort: 1 })).statusCode).toBe(404);

    const deleted = await call(t.app, admin, "/api/archives/question/delete", { questionNo });
    expect(deleted.json()).toMatchObject({ code: 200, status: 1 });
    expect(await questions(serviceNo)).toEqual([]);
    expect((await call(t.app, admin, "/api/archives/question/delete", { questionNo })).statusCode).toBe(404);
  });

  it("keeps a question that has answers", async () => {
    await call(t.app, staff, "/api/archives/serviceAnswer", [{ compId, questionNo: "ip03", currentAnswer: "已在国内布局", version: 0 }]);
    const res = await call(t.app, admin, "/api/archives/question/delete", { questionNo: "ip03" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 409, message: "该问题已有企业回答，不能删除" });
  });

  it("shows the questionnaires to staff only, and lets only administrators edit them", async () => {
    const member = await userWith(t.app, RoleCode.MEMBER);
    expect((await call(t.app, member, "/api/archives/queryDimension")).statusCode).toBe(403);
    expect((await call(t.app, member, "/api/archives/queryServiceQuestion", { compId, serviceType: "ip" })).statusCode).toBe(403);
    expect((await call(t.app, staff, "/api/archives/dimension/save", { serviceName: "x", sort: 1 })).statusCode).toBe(403);
    expect((await call(t.app, staff, "/api/archives/question/save", { serviceNo: "ip", question: "x", isReq: "1", sort: 1 })).statusCode).toBe(403);
    expect((await call(t.app, staff, "/api/archives/question/delete", { questionNo: "ip01" })).statusCode).toBe(403);
  });
});
