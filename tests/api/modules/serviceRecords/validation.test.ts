import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoleCode } from "../../../../contract/menus";
import { testDatabases } from "../../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";
import { BY_ID, RELEASE, call, createCompany, validRecord } from "./support";

/** SPEC 5's rules as the server answers them: the form's own Chinese messages, first failing rule first. */
describe.each(testDatabases())("service record rules on %s", (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let compId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await createUser(t.app, { username: "ruleStaff", password: "Rule-pass-1", roles: [RoleCode.STAFF], name: "规则测试员" });
    staff = await signIn(t.app, "ruleStaff", "Rule-pass-1");
    compId = await createCompany(t.app, "规则测试企业");
  });
  afterAll(() => t.close());

  const release = (overrides: Record<string, unknown>) => call(t.app, staff, RELEASE, validRecord(compId, overrides));

  async function refusal(overrides: Record<string, unknown>) {
    const res = await release(overrides);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    return body as { message: string; result: { errors: { field: string; message: string }[] } };
  }

  it.each([
    ["cooperativePartner", "请输入合作伙伴"],
    ["belongCustomer", "请输入所属客户"],
    ["businessOpportunity", "请输入商机"],
    ["mainBusiness", "请输入主营业务需求"],
    ["serviceContent", "请输入服务记录"],
    ["serviceTime", "请输入服务时间"],
  ])("requires %s: %s", async (field, message) => {
    for (const value of [undefined, null, "", "   "]) {
      const body = await refusal({ [field]: value });
      expect(body.message).toBe(message);
      expect(body.result.errors).toEqual([{ field, message }]);
    }
  });

  it("counts a service record of empty paragraphs as empty, and a lone picture as content", async () => {
    expect((await refusal({ serviceContent: "<p><br></p><p>&nbsp;</p>" })).message).toBe("请输入服务记录");
    expect((await refusal({ serviceContent: "<script>alert(1)</script>" })).message).toBe("请输入服务记录");
    const res = await release({ serviceContent: '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>' });
    expect(res.statusCode).toBe(200);
  });

  it("answers the first failing rule in the form's order and lists every one", async () => {
    const body = await refusal({ cooperativePartner: "", serviceTime: "", contactPersonPhone: "12", contactPerson: "人".repeat(21) });
    expect(body.message).toBe("请输入合作伙伴");
    expect(body.result.errors).toEqual([
      { field: "cooperativePartner", message: "请输入合作伙伴" },
      { field: "serviceTime", message: "请输入服务时间" },
      { field: "contactPersonPhone", message: "请输入正确的联系电话" },
      { field: "contactPerson", message: "联系人不能超过20个字符" },
    ]);
  });

  it.each(["13800138000", "028-85001234", "02885001234", "028-85001234-8021", "0838-2201234", "12345", "12345678"])(
    "accepts the contact phone %s",
    async (phone) => {
      expect((await release({ contactPersonPhone: phone })).statusCode).toBe(200);
    },
  );

  it.each(["1380013800", "138001380001", "1234", "123456789", "028-1234", "abc12345", "+8613800138000", "028-85001234-"])(
    "refuses the contact phone %s",
    async (phone) => {
      const body = await refusal({ contactPersonPhone: phone });
      expect(body.message).toBe("请输入正确的联系电话");
    },
  );

  it("keeps the contact phone optional", async () => {
    for (const value of [undefined, null, ""]) {
      const res = await release({ contactPersonPhone: value });
      expect(res.statusCode).toBe(200);
      const record = (await call(t.app, staff, BY_ID(res.json().result.id))).json().result;
      expect(record.contactPersonPhone).toBeNull();
    }
  });

  it("limits the contact person to 20 characters", async () => {
    expect((await release({ contactPerson: "人".repeat(20) })).statusCode).toBe(200);
    expect((await refusal({ contactPerson: "人".repeat(21) })).message).toBe("联系人不能超过20个字符");
  });

  it("limits the main business needs to 1000 characters", async () => {
    expect((await release({ mainBusiness: "需".repeat(1000) })).statusCode).toBe(200);
    expect((await refusal({ mainBusiness: "需".repeat(1001) })).message).toBe("主营业务需求不能超过1000个字符");
  });

  it("counts the text of the service record, not its markup, entities as one character", async () => {
    expect((await release({ serviceContent: `<p><strong>${"记".repeat(500)}</strong><em>${"录".repeat(500)}</em></p>` })).statusCode).toBe(200);
    expect((await release({ serviceContent: `<p>${"&amp;".repeat(1000)}</p>` })).statusCode).toBe(200);
    expect((await refusal({ serviceContent: `<p>${"记".repeat(1001)}</p>` })).message).toBe("服务记录不能超过1000个字符");
    expect((await refusal({ serviceContent: `<p>${"&lt;".repeat(1001)}</p>` })).message).toBe("服务记录不能超过1000个字符");
  });

  it("refuses a service time or next follow-up time that is no date-time", async () => {
    expect((await refusal({ serviceTime: "2026-02-30 10:00:00" })).message).toBe("请输入正确的时间");
    expect((await refusal({ nextFollowTime: "tomorrow" })).result.errors).toEqual([{ field: "nextFollowTime", message: "请输入正确的时间" }]);
  });

  it("refuses a company that does not exist: outside a staff member's scope, unknown to an administrator", async () => {
    const outside = await call(t.app, staff, RELEASE, validRecord(999999));
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe("该企业不在您负责的范围内，无权查看或修改其档案");
    const res = await call(t.app, await signInAsAdmin(t.app), RELEASE, validRecord(999999));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("所选企业不存在");
  });

  it("refuses a value outside the value sets", async () => {
    expect((await release({ comprehensiveEvaluation: "perfect" })).statusCode).toBe(400);
    expect((await release({ isOpenPatnavi: "maybe" })).statusCode).toBe(400);
  });
});
