import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import type { SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { call, createCompany, DATE_TIME, userWith } from "../questions/support";

const SAVE = "/api/archives/serviceAnswer";
const HISTORY = "/api/archives/queryServiceAnswer";

interface Item {
  compId: number;
  questionNo: string;
  currentAnswer: string;
  version?: number;
}

describe.each(testDatabases())("questionnaire answers on %s", (kind) => {
  let t: TestApp;
  let zhang: SignedIn;
  let li: SignedIn;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
    zhang = await userWith(t.app, RoleCode.STAFF, "张调研");
    li = await userWith(t.app, RoleCode.STAFF, "李调研");
  });
  afterAll(() => t.close());

  const company = () => createCompany(t.app, `答卷测试企业${++serial}`);
  const save = (items: Item[], who = zhang) => call(t.app, who, SAVE, items);
  const stored = (compId: number) => t.app.db.selectFrom("serviceAnswers").selectAll().where("compId", "=", compId).orderBy("questionNo").execute();
  const historyRows = (compId: number) => t.app.db.selectFrom("answerHistory").selectAll().where("compId", "=", compId).orderBy("id").execute();

  it("writes one history entry per changed answer and none for an unchanged one", async () => {
    const compId = await company();
    const first = await save([
      { compId, questionNo: "ip01", currentAnswer: "设有知识产权部，专职 2 人", version: 0 },
      { compId, questionNo: "ip02", currentAnswer: "发明专利 15 件", version: 0 },
      // Not submitted by the app; a blank one is no change.
      { compId, questionNo: "ip03", currentAnswer: "  ", version: 0 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 200, status: 1, message: "保存成功", result: { saved: 2 } });
    expect((await stored(compId)).map((a) => [a.questionNo, a.version])).toEqual([
      ["ip01", 1],
      ["ip02", 1],
    ]);
    expect((await historyRows(compId)).map((h) => [h.questionNo, h.historyAnswer, h.currentAnswer])).toEqual([
      ["ip01", "", "设有知识产权部，专职 2 人"],
      ["ip02", "", "发明专利 15 件"],
    ]);

    const second = await save([
      { compId, questionNo: "ip01", currentAnswer: "设有知识产权部，专职 2 人", version: 1 },
      { compId, questionNo: "ip02", currentAnswer: "发明专利 18 件", version: 1 },
    ]);
    expect(second.json().result).toEqual({ saved: 1 });
    const answers = await stored(compId);
    expect(answers.map((a) => [a.questionNo, a.version, a.currentAnswer])).toEqual([
      ["ip01", 1, "设有知识产权部，专职 2 人"],
      ["ip02", 2, "发明专利 18 件"],
    ]);
    const history = await historyRows(compId);
    expect(history).toHaveLength(3);
    expect(history[2]).toMatchObject({ questionNo: "ip02", historyAnswer: "发明专利 15 件", currentAnswer: "发明专利 18 件", createBy: zhang.userId });
  });

  it("lists an answer's history newest first, with the editor's name, and the current answers", async () => {
    const compId = await company();
    await save([{ compId, questionNo: "ip04", currentAnswer: "未开展", version: 0 }], zhang);
    await save([{ compId, questionNo: "ip04", currentAnswer: "2025 年开展过专利导航", version: 1 }], li);
    await save([{ compId, questionNo: "ip05", currentAnswer: "立项前检索", version: 0 }], li);

    const res = await call(t.app, zhang, HISTORY, { current: 1, size: 1000, model: { compId, questionNo: "ip04" } });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ total: 2, current: 1, size: 1000 });
    expect(page.records.map((r: { createBy: string; historyAnswer: string; currentAnswer: string }) => [r.createBy, r.historyAnswer, r.currentAnswer])).toEqual([
      ["李调研", "未开展", "2025 年开展过专利导航"],
      ["张调研", "", "未开展"],
    ]);
    expect(page.records[0].createDate).toMatch(DATE_TIME);

    const current = (await call(t.app, zhang, HISTORY, { current: 1, size: 1000, model: { compId } })).json().result;
    expect(current.total).toBe(2);
    expect(current.records.map((r: { questionNo: string; currentAnswer: string; updateBy: string }) => [r.questionNo, r.currentAnswer, r.updateBy])).toEqual([
      ["ip04", "2025 年开展过专利导航", "李调研"],
      ["ip05", "立项前检索", "李调研"],
    ]);
    expect((await call(t.app, zhang, HISTORY, { current: 1, size: 1001, model: { compId } })).statusCode).toBe(400);
  });

  it("refuses a save based on an answer someone changed since, naming who changed which, and saves nothing", async () => {
    const compId = await company();
    await save([{ compId, questionNo: "ip06", currentAnswer: "有制度，未贯标", version: 0 }], zhang);
    // Both loaded version 1; Li saves first.
    expect((await save([{ compId, questionNo: "ip06", currentAnswer: "有制度，已通过贯标认证", version: 1 }], li)).statusCode).toBe(200);

    const late = await save(
      [
        { compId, questionNo: "ip07", currentAnswer: "无纠纷", version: 0 },
        { compId, questionNo: "ip06", currentAnswer: "有制度，正在贯标", version: 1 },
      ],
      zhang,
    );
    expect(late.statusCode).toBe(409);
    const body = late.json();
    expect(body.code).toBe(409);
    expect(body.message).toMatch(/^保存失败：李调研 已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改了“是否有知识产权管理制度并通过贯标认证？”，请刷新后再编辑$/);
    expect(body.result.conflicts).toEqual([
      { questionNo: "ip06", question: "是否有知识产权管理制度并通过贯标认证？", editor: "李调研", editDate: expect.stringMatching(DATE_TIME), currentAnswer: "有制度，已通过贯标认证" },
    ]);
    expect((await stored(compId)).map((a) => [a.questionNo, a.currentAnswer, a.version])).toEqual([["ip06", "有制度，已通过贯标认证", 2]]);
    expect(await historyRows(compId)).toHaveLength(2);

    // A first answer someone else gave meanwhile is a conflict too.
    const firstAnswers = await save([{ compId, questionNo: "ip07", currentAnswer: "无", version: 0 }], li);
    expect(firstAnswers.statusCode).toBe(200);
    expect((await save([{ compId, questionNo: "ip07", currentAnswer: "有一起", version: 0 }], zhang)).statusCode).toBe(409);
  });

  it("accepts SPEC 7's item without a version: it becomes the current answer, with its history", async () => {
    const compId = await company();
    const first = await save([{ compId, questionNo: "ip05", currentAnswer: "每年一次专利检索" }], zhang);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 200, status: 1, message: "保存成功", result: { saved: 1 } });
    // Li answers with the version he loaded; Zhang's versionless save replaces it without a conflict.
    expect((await save([{ compId, questionNo: "ip05", currentAnswer: "每季度一次", version: 1 }], li)).statusCode).toBe(200);
    const second = await save([{ compId, questionNo: "ip05", currentAnswer: "每月一次" }], zhang);
    expect(second.statusCode).toBe(200);
    expect((await stored(compId)).map((a) => [a.questionNo, a.currentAnswer, a.version, a.updateBy])).toEqual([["ip05", "每月一次", 3, zhang.userId]]);
    expect((await historyRows(compId)).map((h) => [h.historyAnswer, h.currentAnswer, h.createBy])).toEqual([
      ["", "每年一次专利检索", zhang.userId],
      ["每年一次专利检索", "每季度一次", li.userId],
      ["每季度一次", "每月一次", zhang.userId],
    ]);
    // Unchanged, it is no change; the current answers read back as saved.
    expect((await save([{ compId, questionNo: "ip05", currentAnswer: "每月一次" }])).json().result).toEqual({ saved: 0 });
    const current = (await call(t.app, zhang, HISTORY, { current: 1, size: 1000, model: { compId } })).json().result;
    expect(current.records.map((r: { questionNo: string; currentAnswer: string }) => [r.questionNo, r.currentAnswer])).toEqual([["ip05", "每月一次"]]);
  });

  it("lets two simultaneous first answers without a version both land, the later one current", async () => {
    const compId = await company();
    const results = await Promise.all([
      save([{ compId, questionNo: "ip08", currentAnswer: "专利运营培训" }], zhang),
      save([{ compId, questionNo: "ip08", currentAnswer: "侵权预警服务" }], li),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [answer] = await stored(compId);
    expect(answer.version).toBe(2);
    expect(await historyRows(compId)).toHaveLength(2);
    expect(["专利运营培训", "侵权预警服务"]).toContain(answer.currentAnswer);
  });

  it("still refuses the whole save when a versioned item beside versionless ones is stale", async () => {
    const compId = await company();
    await save([{ compId, questionNo: "ip06", currentAnswer: "有预警机制", version: 0 }], li);
    const mixed = await save([
      { compId, questionNo: "ip07", currentAnswer: "无海外布局" },
      { compId, questionNo: "ip06", currentAnswer: "无预警机制", version: 0 },
    ]);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().result.conflicts).toEqual([expect.objectContaining({ questionNo: "ip06", editor: "李调研", currentAnswer: "有预警机制" })]);
    expect((await stored(compId)).map((a) => [a.questionNo, a.currentAnswer])).toEqual([["ip06", "有预警机制"]]);
    const badVersion = await save([{ compId, questionNo: "ip07", currentAnswer: "无", version: -1 }]);
    expect(badVersion.statusCode).toBe(400);
  });

  it("lets only one of two simultaneous saves of the same answer pass", async () => {
    const compId = await company();
    const results = await Promise.all([
      save([{ compId, questionNo: "ip08", currentAnswer: "专利运营培训", version: 0 }], zhang),
      save([{ compId, questionNo: "ip08", currentAnswer: "侵权预警服务", version: 0 }], li),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await historyRows(compId)).toHaveLength(1);
    expect((await stored(compId))[0].version).toBe(1);
  });

  it("saves the answer and its history together or not at all", async () => {
    const compId = await company();
    await save([{ compId, questionNo: "ip01", currentAnswer: "无专职人员", version: 0 }]);
    // With the history table gone the history insert fails: the answer must stay as it was.
    await sql`alter table answer_history rename to answer_history_away`.execute(t.app.db);
    try {
      const res = await save([{ compId, questionNo: "ip01", currentAnswer: "新设专职 1 人", version: 1 }]);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table answer_history_away rename to answer_history`.execute(t.app.db);
    }
    expect((await stored(compId)).map((a) => [a.currentAnswer, a.version])).toEqual([["无专职人员", 1]]);
    expect(await historyRows(compId)).toHaveLength(1);
  });

  it("refuses blank saves, overlong answers and unknown questions or companies", async () => {
    const compId = await company();
    for (const items of [[], [{ compId, questionNo: "ip01", currentAnswer: " \n ", version: 0 }]]) {
      const res = await save(items);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: "请输入内容！" });
    }
    const long = await save([{ compId, questionNo: "ip01", currentAnswer: "专".repeat(1001), version: 0 }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("回答不能超过 1000 个字符");
    expect((await save([{ compId, questionNo: "ip01", currentAnswer: "专".repeat(1000), version: 0 }])).statusCode).toBe(200);
    const unknown = await save([{ compId, questionNo: "nope", currentAnswer: "x", version: 0 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("问题“nope”不存在");
    expect((await save([{ compId: 999999, questionNo: "ip02", currentAnswer: "x", version: 0 }])).statusCode).toBe(403);
  });

  it("lets staff save and refuses members", async () => {
    const compId = await company();
    const member = await userWith(t.app, RoleCode.MEMBER);
    expect((await save([{ compId, questionNo: "ip01", currentAnswer: "x", version: 0 }], member)).statusCode).toBe(403);
    expect((await call(t.app, member, HISTORY, { current: 1, size: 10, model: { compId } })).statusCode).toBe(403);
    expect(await stored(compId)).toEqual([]);
  });
});
