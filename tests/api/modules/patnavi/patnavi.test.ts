import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { ConfigError, loadConfig } from "../../../../server/config";
import { toDbTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { PNG, signedInUser, upload } from "../accounts/support";

const REDIRECT = "/api/spsp/patnavi/getPatnaviRedirectUrl";

describe("PATNAVI_HOME_URL", () => {
  it("defaults to the home page of PATNAVI_URL's site", () => {
    expect(loadConfig({}, "/srv").patnaviHomeUrl).toBe("https://patents.google.com/");
    expect(loadConfig({ PATNAVI_URL: "https://ip.example.org:8443/search?q={keywords}" }, "/srv").patnaviHomeUrl).toBe("https://ip.example.org:8443/");
  });

  it("takes an http(s) address and refuses anything else", () => {
    expect(loadConfig({ PATNAVI_HOME_URL: "https://ip.example.org/platform" }, "/srv").patnaviHomeUrl).toBe("https://ip.example.org/platform");
    expect(() => loadConfig({ PATNAVI_HOME_URL: "javascript:alert(1)" }, "/srv")).toThrow(ConfigError);
    expect(() => loadConfig({ PATNAVI_HOME_URL: "javascript:alert(1)" }, "/srv")).toThrow(/^PATNAVI_HOME_URL: /);
  });
});

describe.each(testDatabases())("patent navigation hand-off on %s", (kind) => {
  let t: TestApp;
  let configured: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    [t, configured] = await Promise.all([
      startTestApp(kind),
      startTestApp(kind, { env: { PATNAVI_URL: "https://ip.example.org/s?kw={keywords}&db=cn", PATNAVI_HOME_URL: "https://ip.example.org/platform" } }),
    ]);
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => Promise.all([t.close(), configured.close()]));

  let serial = 0;
  const redirect = (app: TestApp, who: SignedIn, payload: Record<string, unknown>) =>
    app.app.inject({ method: "POST", url: REDIRECT, headers: who.headers, payload });
  const link = (app: TestApp, who: SignedIn, id: string) => app.app.inject({ method: "GET", url: `/api/spsp/sdip/${id}/url`, headers: who.headers });

  /** A member whose latest certification is in the given state (none: never applied). */
  async function member(app: TestApp, state: "none" | "submitted" | "reviewing" | "approved" | "rejected"): Promise<SignedIn> {
    const who = await signedInUser(app.app, `navigator${++serial}`);
    if (state === "none") return who;
    const licenseFileId = await upload(app.app, who, "执照.png", PNG);
    const now = toDbTime(app.database.dialect, new Date());
    await app.database.db
      .insertInto("certifications")
      .values({
        userId: who.userId,
        companyName: "某公司",
        creditCode: "91510100MA61AB12C3",
        contactPerson: "王五",
        contactPhone: "13812345678",
        licenseFileId,
        state,
        rejectReason: state === "rejected" ? "执照已过期" : null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return who;
  }

  it("hands an approved member's keywords to PATNAVI_URL, encoded", async () => {
    const who = await member(t, "approved");
    const res = await redirect(t, who, { patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "  碳化硅 MOSFET&衬底 " });
    expect(res.json()).toEqual({
      code: 200,
      message: "success",
      result: { jumpUrl: `https://patents.google.com/?q=${encodeURIComponent("碳化硅 MOSFET&衬底")}` },
    });
    const other = await member(configured, "approved");
    expect((await redirect(configured, other, { patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "晶圆" })).json().result).toEqual({
      jumpUrl: `https://ip.example.org/s?kw=${encodeURIComponent("晶圆")}&db=cn`,
    });
  });

  it("gives the platform link page for code A4, at both calls", async () => {
    const who = await member(t, "approved");
    expect((await redirect(t, who, { code: "A4" })).json().result).toEqual({ jumpUrl: "https://patents.google.com/" });
    expect((await link(t, who, "A4")).json()).toEqual({ code: 200, message: "success", result: { jumpUrl: "https://patents.google.com/" } });
    const other = await member(configured, "approved");
    expect((await link(configured, other, "A4")).json().result).toEqual({ jumpUrl: "https://ip.example.org/platform" });
    expect((await redirect(configured, other, { code: "A4" })).json().result).toEqual({ jumpUrl: "https://ip.example.org/platform" });
  });

  it("answers 404 for an unknown platform link", async () => {
    const who = await member(t, "approved");
    expect((await link(t, who, "Z9")).json()).toEqual({ code: 404, message: "平台链接不存在" });
    expect((await redirect(t, who, { code: "constructor" })).json()).toEqual({ code: 404, message: "平台链接不存在" });
  });

  it.each([
    [{ patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "   " }, "请输入检索关键词"],
    [{ patNaviRedirectTypeEnum: "PATENT_LIST" }, "请输入检索关键词"],
    [{ patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "词".repeat(201) }, "检索关键词不能超过 200 个字符"],
    [{ keywords: "晶圆" }, "参数 patNaviRedirectTypeEnum 不能为空"],
    [{ patNaviRedirectTypeEnum: "COMPANY_LIST", keywords: "晶圆" }, "参数 patNaviRedirectTypeEnum 取值不正确"],
  ])("refuses %j", async (payload, message) => {
    const who = await member(t, "approved");
    const res = await redirect(t, who, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it.each([
    ["none", "请先完成企业认证"],
    ["submitted", "企业认证审核中，审核通过后即可使用"],
    ["reviewing", "企业认证审核中，审核通过后即可使用"],
    ["rejected", "企业认证未通过：执照已过期"],
  ] as const)("refuses a member whose certification is %s with 40301", async (state, message) => {
    const who = await member(t, state);
    for (const res of [await redirect(t, who, { patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "晶圆" }), await link(t, who, "A4")]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 40301, message, result: { state } });
    }
  });

  it("lets an administrator through without a certification", async () => {
    expect((await redirect(t, admin, { code: "A4" })).json()).toMatchObject({ code: 200, result: { jumpUrl: "https://patents.google.com/" } });
  });

  it("refuses a caller without the menu, and one not signed in", async () => {
    const staff = await signedInUser(t.app, `staff${++serial}`, { roles: [RoleCode.STAFF] });
    const forbidden = await link(t, staff, "A4");
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: REDIRECT, payload: { code: "A4" } });
    expect(anonymous.statusCode).toBe(401);
  });
});
