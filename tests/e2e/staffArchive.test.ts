import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createStaffMember } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInAsAdmin, signInThroughPage } from "./support/session";
import { browserSuite } from "./support/suite";
import { documentXmlOf, recordVisit } from "./support/visitRecord";

const COMPANY = "芯蓉封装测试（示例）有限公司";

describe.skipIf(!hasChromium)("a staff member's day with the archive, in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  it("finds a company, records a visit, fills a dimension and exports the archive", async () => {
    await createStaffMember(suite.server, "wangfang", "王芳", "Staff-e2e-2026");
    // A staff member reaches the companies they own: an administrator makes 王芳 this one's owner.
    const admin = await suite.freshPage();
    await signInAsAdmin(admin, suite.server);
    await admin.goto(`${suite.server.baseUrl}/serviceFiles`);
    await admin.getByTestId("company-keywords").fill("芯蓉封装");
    await admin.getByTestId("company-search").click();
    const rows = admin.getByTestId("company-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await rows.first().locator("input[type=checkbox]").check();
    await admin.getByTestId("company-set-owners").click();
    await admin.getByTestId("company-owners-select").click();
    await admin.locator(".ant-select-dropdown:visible").getByTitle("王芳").click();
    // A multiple choice stays open until the user clicks elsewhere.
    await admin.locator(".ant-modal-title").click();
    await admin.getByTestId("company-owners-save").click();
    await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain("王芳");
    await admin.close();

    page = await suite.freshPage();
    await signInThroughPage(page, suite.server, "wangfang", "Staff-e2e-2026");
    await expect.poll(() => page.getByTestId("header-user").count(), { timeout: 15_000 }).toBe(1);

    // The archive menu leads to the company finder.
    await page.getByTestId("main-nav").getByText("敲门服务档案").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFiles");
    await page.getByTestId("company-keywords").fill("芯蓉封装");
    await page.getByTestId("company-search").click();
    const found = page.getByTestId("company-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => found.count(), { timeout: 15_000 }).toBe(1);
    expect(await found.first().innerText()).toContain(COMPANY);
    // Staff find companies; adding and importing them is the administrators' job.
    expect(await page.getByTestId("company-add").count()).toBe(0);
    await found.first().locator("[data-testid^=company-open-]").click();
    await expect.poll(() => page.getByTestId("archive-company").innerText(), { timeout: 15_000 }).toBe(COMPANY);

    await page.getByTestId("record-add").click();
    await recordVisit(page, {
      researchers: "王芳",
      contactPerson: "郑芳",
      contactPersonPhone: "13608006006",
      cooperativePartner: "成都集成电路行业协会",
      belongCustomer: "封装测试重点企业",
      businessOpportunity: "先进封装专利导航",
      mainBusiness: "Chiplet 先进封装的专利风险排查",
      serviceContent: "走访封装产线，梳理专利需求",
      serviceTime: "2026-11-21 12:00:00",
    });
    const records = page.getByTestId("record-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => records.count(), { timeout: 15_000 }).toBe(1);
    expect(await records.first().innerText()).toContain("郑芳");

    await page.getByTestId("archive-tab-ip").click();
    await page.getByTestId("question-edit").click();
    const answers = page.locator("textarea[data-testid^=answer-]");
    const count = await answers.count();
    for (let i = 0; i < count; i++) await answers.nth(i).fill(`回答${i + 1}`);
    await page.getByTestId("answer-ip01").fill("设知识产权专员一名");

    // Leaving for another page with unsaved answers asks first; staying keeps them.
    await page.getByTestId("page-frame").getByRole("link", { name: "首页", exact: true }).click();
    await page.getByTestId("unsaved-stay").click();
    expect(new URL(page.url()).pathname).toBe("/serviceFiles");
    expect(await page.getByTestId("answer-ip01").inputValue()).toBe("设知识产权专员一名");

    await page.getByTestId("question-save").click();
    await expect.poll(() => page.getByTestId("history-link-ip01").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText("王芳 编辑了该项").count()).toBeGreaterThan(0);

    const download = page.waitForEvent("download");
    await page.getByTestId("export-all").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^敲门服务档案-芯蓉封装测试（示例）有限公司-\d{8}\.docx$/);
    const xml = await documentXmlOf(file);
    for (const text of [COMPANY, "郑芳", "先进封装专利导航", "走访封装产线，梳理专利需求", "设知识产权专员一名"]) expect(xml).toContain(text);
  });

  it("corrects the visit from its view, keeps the history, voids it with a reason and shows it all on the company's timeline", async () => {
    await page.getByTestId("archive-tab-record").click();
    const records = page.getByTestId("record-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => records.count(), { timeout: 15_000 }).toBe(1);
    await records.first().locator("[data-testid^=record-view-]").click();
    await page.getByTestId("record-edit").click();
    const contact = page.getByTestId("form-contactPerson");
    await expect.poll(() => contact.inputValue(), { timeout: 15_000 }).toBe("郑芳");
    await contact.fill("郑芳芳");
    await page.getByTestId("form-save").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFiles");

    await records.first().locator("[data-testid^=record-view-]").click();
    const history = page.getByTestId("record-history").locator("tbody tr.ant-table-row");
    await expect.poll(() => history.count(), { timeout: 15_000 }).toBe(1);
    const change = await history.first().innerText();
    for (const text of ["王芳", "联系人", "郑芳", "郑芳芳"]) expect(change).toContain(text);

    await page.getByTestId("record-void").click();
    await page.getByTestId("record-void-reason").fill("与上周的走访重复录入");
    await page.getByTestId("record-void-submit").click();
    await expect.poll(() => page.getByTestId("record-voided").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId("record-voided").innerText()).toContain("与上周的走访重复录入");
    expect(await page.getByTestId("record-edit").count()).toBe(0);
    await expect.poll(() => history.count(), { timeout: 15_000 }).toBe(2);

    await page.getByTestId("record-back").click();
    await expect.poll(() => records.first().innerText(), { timeout: 15_000 }).toContain("已作废");
    await page.getByTestId("archive-tab-timeline").click();
    const events = page.getByTestId("timeline-table").locator("tbody tr.ant-table-row");
    // Newest first: the voiding, the edit and the dimension's answers filled in the first test, all
    // made today; the visit (served on 2026-11-21) comes after them, on the last page.
    await expect.poll(() => events.count(), { timeout: 15_000 }).toBe(10);
    const first = await page.getByTestId("timeline-table").innerText();
    expect(first.indexOf("王芳 作废了走访记录")).toBeGreaterThanOrEqual(0);
    expect(first.indexOf("王芳 修改了走访记录的“联系人”")).toBeGreaterThan(first.indexOf("王芳 作废了走访记录"));
    expect(first).toContain("王芳 修改了问卷答案");
    await page.getByTestId("timeline-table").locator(".ant-pagination-item").last().click();
    await expect.poll(() => page.getByTestId("timeline-table").innerText(), { timeout: 15_000 }).toContain("王芳 记录了走访");
    const visit = events.filter({ hasText: "王芳 记录了走访" });
    expect(await visit.innerText()).toContain("已作废");
    await visit.getByRole("button").click();
    await expect.poll(() => page.getByTestId("record-voided").count(), { timeout: 15_000 }).toBe(1);
  });
});
