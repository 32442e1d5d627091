import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAs, createStaffMember } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInThroughPage } from "./support/session";
import { browserSuite } from "./support/suite";

const OVERDUE = "蓉芯微电子设计（示例）有限公司";
const NEXT_WEEK = "锦城集成电路设计（示例）有限公司";
const PASSWORD = "Staff-follow-2026";

/** The day `days` from today on the server's clock (TZ Asia/Shanghai), as YYYY-MM-DD. */
const shanghaiDay = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });

const visit = (compId: number, serviceTime: string, nextFollowTime: string) => ({
  compId,
  researchers: "赵磊",
  contactPerson: "周经理",
  contactPersonPhone: "13800138000",
  cooperativePartner: "电子科技大学",
  belongCustomer: "重点客户",
  businessOpportunity: "专利布局咨询",
  mainBusiness: "芯片设计",
  serviceContent: "<p>初次走访</p>",
  serviceTime,
  nextFollowTime,
});

describe.skipIf(!hasChromium)("a staff member's follow-ups, in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  it("shows the count in the header, lists the follow-ups, and a recorded visit clears one", async () => {
    await createStaffMember(suite.server, "zhaolei", "赵磊", PASSWORD);
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const ids: Record<string, number> = {};
    for (const name of [OVERDUE, NEXT_WEEK]) {
      const found = await admin.post<{ records: { id: number; name: string }[] }>("/api/company/search", { keywords: name });
      ids[name] = found.records.find((c) => c.name === name)!.id;
    }
    // 赵磊 owns both companies; each had a visit ten days ago with a follow-up agreed.
    const users = await admin.post<{ records: { id: number; username: string }[] }>("/api/user/listData", { current: 1, size: 100 });
    const owner = users.records.find((u) => u.username === "zhaolei")!.id;
    for (const name of [OVERDUE, NEXT_WEEK]) await admin.post("/api/company/owners", { compId: ids[name], ownerIds: [owner] });
    const staff = await apiAs(suite.server, "zhaolei", PASSWORD);
    await staff.post("/api/archives/releaseArchives", visit(ids[OVERDUE], `${shanghaiDay(-10)} 10:00:00`, `${shanghaiDay(-1)} 10:00:00`));
    await staff.post("/api/archives/releaseArchives", visit(ids[NEXT_WEEK], `${shanghaiDay(-10)} 10:00:00`, `${shanghaiDay(3)} 10:00:00`));

    page = await suite.freshPage();
    await signInThroughPage(page, suite.server, "zhaolei", PASSWORD);
    // The header counts what is overdue or due today: one.
    const badge = page.getByTestId("followup-badge");
    await expect.poll(() => badge.getAttribute("aria-label"), { timeout: 15_000 }).toBe("我的待跟进：已逾期和今天共 1 项");
    await badge.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/followups");
    const rows = page.getByTestId("followup-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    // The most overdue first, with its last visit.
    expect(await rows.first().innerText()).toContain(OVERDUE);
    expect(await rows.first().innerText()).toContain("已逾期");
    expect(await rows.first().innerText()).toContain(`${shanghaiDay(-10)} 10:00:00`);
    await page.getByText("已逾期 (1)").click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);

    // Recording the follow-up visit clears it.
    await page.getByTestId(`followup-record-${ids[OVERDUE]}`).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFilesDetails");
    // The required fields only: the researchers' control is not needed for this.
    for (const [field, value] of [
      ["cooperativePartner", "电子科技大学"],
      ["belongCustomer", "重点客户"],
      ["businessOpportunity", "专利布局咨询"],
      ["mainBusiness", "芯片设计"],
    ]) {
      await page.getByTestId(`form-${field}`).fill(value);
    }
    const editor = page.getByTestId("form-serviceContent").locator("[contenteditable=true]");
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.type("按约回访");
    const serviceTime = page.getByTestId("form-serviceTime");
    await serviceTime.click();
    await serviceTime.fill(`${shanghaiDay(0)} 00:00:01`);
    await page.keyboard.press("Enter");
    await page.getByTestId("form-save").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFiles");
    await expect.poll(() => badge.getAttribute("aria-label"), { timeout: 15_000 }).toBe("我的待跟进：已逾期和今天共 0 项");
    await page.getByTestId("main-nav").getByText("我的待跟进").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/followups");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().innerText()).toContain(NEXT_WEEK);
  });
});

