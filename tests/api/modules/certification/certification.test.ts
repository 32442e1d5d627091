import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { PDF, PNG, signedInUser, upload, userInfo } from "../accounts/support";

/** Valid per GB 32100-2015 (the last character is the check character). */
const CODE_A = "91510100MA61AB12C3";
const CODE_B = "91510107MA62QWE3R5";
const CODE_C = "91350100M000100Y43";
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe.each(testDatabases())("enterprise certification on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  let serial = 0;
  const call = (who: SignedIn, method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function applicant(name = `applicant${++serial}`) {
    const who = await signedInUser(t.app, name, { name: `申请人${serial}` });
    const licenseFileId = await upload(t.app, who, "营业执照.png", PNG);
    return { who, licenseFileId };
  }

  const form = (licenseFileId: string, overrides: Record<string, string> = {}) => ({
    companyName: "成都晶圆制造有限公司",
    creditCode: CODE_A,
    contactPerson: "王五",
    contactPhone: "028-85123456",
    licenseFileId,
    ...overrides,
  });

  const submit = (who: SignedIn, payload: unknown) => call(who, "POST", "/api/certification/submit", payload);

  it("takes an application, shows it to the member at both paths, and blocks a second one", async () => {
    const { who, licenseFileId } = await applicant();
    const res = await submit(who, form(licenseFileId, { creditCode: CODE_A.toLowerCase() }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, status: 1 });
    expect(body.result).toEqual({
      id: expect.any(Number),
      companyName: "成都晶圆制造有限公司",
      creditCode: CODE_A,
      contactPerson: "王五",
      contactPhone: "028-85123456",
      licenseFileId,
      state: "submitted",
      rejectReason: null,
      createdAt: expect.stringMatching(DATE_TIME),
      reviewedAt: null,
    });
    expect((await call(who, "GET", "/api/certification/mine")).json()).toEqual({ code: 200, message: "success", result: body.result });
    expect((await call(who, "POST", "/patnavi/ucenter/user/verifications/info")).json().result).toEqual(body.result);

    const again = await submit(who, form(licenseFileId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: "企业认证审核中，请勿重复提交" });
  });

  it("answers null to a member who never applied", async () => {
    const { who } = await applicant();
    expect((await call(who, "GET", "/api/certification/mine")).json()).toEqual({ code: 200, message: "success", result: null });
  });

  it.each([
    [{ creditCode: "91510100MA61AB12C4" }, "统一社会信用代码不正确"],
    [{ creditCode: "91510100MA61AB12C" }, "统一社会信用代码不正确"],
    [{ creditCode: "91510100MA6IAB12C3" }, "统一社会信用代码不正确"],
    [{ companyName: " " }, "请输入企业名称"],
    [{ contactPerson: "" }, "请输入联系人"],
    [{ contactPerson: "人".repeat(21) }, "联系人不能超过 20 个字符"],
    [{ contactPhone: "1234" }, "请输入正确的联系电话"],
    [{ licenseFileId: "0123456789abcdef0123456789abcdef" }, "营业执照文件不存在，请重新上传"],
  ])("refuses %j", async (override, message) => {
    const { who, licenseFileId } = await applicant();
    const res = await submit(who, form(licenseFileId, override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it("takes a mobile number as the contact phone, and only an image as the licence", async () => {
    const { who } = await applicant();
    const pdf = await upload(t.app, who, "执照.pdf", PDF);
    expect((await submit(who, form(pdf))).json()).toEqual({ code: 400, message: "营业执照须为 PNG、JPG、GIF 或 WebP 图片" });
    const png = await upload(t.app, who, "执照.png", PNG);
    expect((await submit(who, form(png, { contactPhone: "13812345678" }))).json()).toMatchObject({ code: 200, status: 1 });
  });

  it("lets an administrator review: opening starts the review, approval links the member to the company", async () => {
    const { who, licenseFileId } = await applicant();
    const { result: submitted } = (await submit(who, form(licenseFileId, { companyName: "成都封测科技有限公司", creditCode: CODE_B }))).json();

    const list = await call(admin, "POST", "/api/certification/list", { current: 1, size: 10, model: { state: "submitted" } });
    const page = list.json().result;
    expect(page).toMatchObject({ current: 1, size: 10 });
    expect(page.records.map((r: { id: number }) => r.id)).toContain(submitted.id);
    expect(page.records.every((r: { state: string }) => r.state === "submitted")).toBe(true);
    expect(page.records.find((r: { id: number }) => r.id === submitted.id)).toEqual({
      ...submitted,
      userId: who.userId,
      username: `applicant${serial}`,
      name: `申请人${serial}`,
    });

    const opened = await call(admin, "GET", `/api/certification/${submitted.id}`);
    expect(opened.json().result).toMatchObject({ id: submitted.id, state: "reviewing" });
    expect((await call(who, "GET", "/api/certification/mine")).json().result.state).toBe("reviewing");

    const approved = await call(admin, "POST", "/api/certification/approve", { id: submitted.id });
    expect(approved.json()).toMatchObject({ code: 200, status: 1, result: { state: "approved", rejectReason: null, reviewedAt: expect.stringMatching(DATE_TIME) } });

    const user = await t.database.db.selectFrom("users").select("companyId").where("id", "=", who.userId).executeTakeFirstOrThrow();
    const company = await t.database.db.selectFrom("companies").selectAll().where("id", "=", user.companyId).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: "成都封测科技有限公司", creditCode: CODE_B, contactPerson: "王五", contactPhone: "028-85123456" });
    const row = await t.database.db.selectFrom("certifications").selectAll().where("id", "=", submitted.id).executeTakeFirstOrThrow();
    expect(row.reviewedBy).toBe(admin.userId);

    expect((await userInfo(t.app, who)).json().result).toMatchObject({
      company: { id: company.id, name: "成都封测科技有限公司" },
      certification: { state: "approved", rejectReason: null },
    });
    expect((await submit(who, form(licenseFileId))).json()).toEqual({ code: 409, message: "企业认证已通过，无需重复提交" });
    expect((await call(admin, "POST", "/api/certification/reject", { id: submitted.id, reason: "迟到的驳回" })).json()).toEqual({
      code: 409,
      message: "该认证申请已审核，不能再次审核",
    });
  });

  it("links an approved member to the company registration created by name, giving it the credit code", async () => {
    const { who, licenseFileId } = await applicant();
    const now = toDbTime(t.database.dialect, new Date());
    const created = await t.database.db
      .insertInto("companies")
      .values({ name: "成都设计服务有限公司", createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable("users").set({ companyId: created.id }).where("id", "=", who.userId).execute();

    const { result } = (await submit(who, form(licenseFileId, { companyName: "成都设计服务有限公司", creditCode: CODE_C }))).json();
    await call(admin, "POST", "/api/certification/approve", { id: result.id });
    const company = await t.database.db.selectFrom("companies").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(company.creditCode).toBe(CODE_C);
    const user = await t.database.db.selectFrom("users").select("companyId").where("id", "=", who.userId).executeTakeFirstOrThrow();
    expect(user.companyId).toBe(created.id);
  });

  it("rejects with a reason, after which the member may apply again", async () => {
    const { who, licenseFileId } = await applicant();
    const { result: first } = (await submit(who, form(licenseFileId, { companyName: "成都被拒有限公司" }))).json();
    expect((await call(admin, "POST", "/api/certification/reject", { id: first.id, reason: "  " })).json()).toEqual({ code: 400, message: "请填写驳回原因" });

    const rejected = await call(admin, "POST", "/api/certification/reject", { id: first.id, reason: "营业执照不清晰" });
    expect(rejected.json()).toMatchObject({ code: 200, status: 1, result: { state: "rejected", rejectReason: "营业执照不清晰" } });
    expect((await userInfo(t.app, who)).json().result).toMatchObject({ company: null, certification: { state: "rejected", rejectReason: "营业执照不清晰" } });

    const again = await submit(who, form(licenseFileId, { companyName: "成都被拒有限公司" }));
    expect(again.json()).toMatchObject({ code: 200, status: 1, result: { state: "submitted", rejectReason: null } });
    expect(again.json().result.id).not.toBe(first.id);
    expect((await call(who, "GET", "/api/certification/mine")).json().result.id).toBe(again.json().result.id);
  });

  it("sorts by review time, the applications not yet reviewed last either way", async () => {
    const reviewed = await applicant();
    const { result: done } = (await submit(reviewed.who, form(reviewed.licenseFileId, { companyName: "成都排序审核有限公司" }))).json();
    await call(admin, "POST", "/api/certification/approve", { id: done.id });
    const waiting = await applicant();
    expect((await submit(waiting.who, form(waiting.licenseFileId, { companyName: "成都排序待审有限公司" }))).json()).toMatchObject({ code: 200 });
    const reviewTimes = async (asc: boolean) =>
      ((await call(admin, "POST", "/api/certification/list", { current: 1, size: 1000, orders: [{ column: "reviewedAt", asc }] })).json().result.records as { reviewedAt: string | null }[]).map(
        (r) => r.reviewedAt,
      );
    for (const asc of [true, false]) {
      const times = await reviewTimes(asc);
      const firstWaiting = times.indexOf(null);
      expect(firstWaiting).toBeGreaterThan(0);
      expect(times.slice(firstWaiting).every((time) => time === null)).toBe(true);
      const shown = times.slice(0, firstWaiting);
      expect(shown).toEqual([...shown].sort((a, b) => (asc ? 1 : -1) * String(a).localeCompare(String(b))));
    }
  });

  it("answers 404 for an unknown application", async () => {
    expect((await call(admin, "GET", "/api/certification/999999")).json()).toEqual({ code: 404, message: "认证申请不存在" });
    expect((await call(admin, "POST", "/api/certification/approve", { id: 999999 })).json()).toEqual({ code: 404, message: "认证申请不存在" });
  });

  it("keeps the review to administrators and the application to members", async () => {
    const { who } = await applicant();
    for (const [method, url, payload] of [
      ["POST", "/api/certification/list", { current: 1, size: 10, model: {} }],
      ["GET", "/api/certification/1", undefined],
      ["POST", "/api/certification/approve", { id: 1 }],
      ["POST", "/api/certification/reject", { id: 1, reason: "x" }],
    ] as const) {
      const res = await call(who, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403);
    }
    const staff = await signedInUser(t.app, `staff${++serial}`, { roles: [RoleCode.STAFF] });
    expect((await submit(staff, form("0123456789abcdef0123456789abcdef"))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/certification/mine" })).statusCode).toBe(401);
  });
});
