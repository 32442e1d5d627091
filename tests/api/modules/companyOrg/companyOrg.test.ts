import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { toDbTime } from "../../../../server/db/time";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

const URL = "/api/patnavi/company/org";

describe.each(testDatabases())("company organisation list on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsAdmin(t.app);
    const now = toDbTime(t.app.dialect, new Date());
    await t.app.db
      .insertInto("companies")
      .values([
        { name: "成都芯片设计有限公司", creditCode: "91510100MA61AB12C3", createdAt: now, updatedAt: now },
        { name: "成都封装测试有限公司", creditCode: null, createdAt: now, updatedAt: now },
        { name: "绵阳晶圆有限公司", creditCode: "91510107MA62QWE3R5", createdAt: now, updatedAt: now },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const org = (payload: Record<string, unknown>, who = admin) => t.app.inject({ method: "POST", url: URL, headers: who.headers, payload });

  it("pages every company by name with its credit code", async () => {
    const res = await org({});
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ total: 3, current: 1, size: 10 });
    // Sorted by name in the database's collation, which differs between the engines; the rows do not.
    expect(page.records).toContainEqual({ id: expect.any(Number), name: "成都封装测试有限公司", creditCode: null });
    expect(page.records).toContainEqual({ id: expect.any(Number), name: "绵阳晶圆有限公司", creditCode: "91510107MA62QWE3R5" });
    const second = (await org({ current: 2, size: 2 })).json().result;
    expect(second).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(second.records).toHaveLength(1);
  });

  it("finds companies by part of the name or of the credit code, ignoring case", async () => {
    const names = async (keywords: string) => (await org({ keywords })).json().result.records.map((r: { name: string }) => r.name).sort();
    expect(await names("成都")).toEqual(["成都封装测试有限公司", "成都芯片设计有限公司"].sort());
    expect(await names("ma62qwe")).toEqual(["绵阳晶圆有限公司"]);
    expect(await names("_")).toEqual([]);
  });

  it("is refused to a member", async () => {
    await createUser(t.app, { username: "orgMember", password: "Member-pass-1", roles: [RoleCode.MEMBER] });
    const member = await signIn(t.app, "orgMember", "Member-pass-1");
    expect((await org({}, member)).statusCode).toBe(403);
  });
});
