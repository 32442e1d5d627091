import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAs } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";
import { recordVisit } from "./support/visitRecord";

const COMPANY = "芯蓉封装测试（示例）有限公司";

describe.skipIf(!hasChromium)("every visit in one list, in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  const rows = () => page.getByTestId("visit-table").locator("tbody tr.ant-table-row");
  const search = () => new URL(page.url()).search;

  it("filters the visits, keeps the filters in the address, and Back from a record restores them", async () => {
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const found = await admin.post<{ records: { id: number; name: string }[] }>("/api/company/search", { keywords: COMPANY });
    const company = found.records.find((c) => c.name === COMPANY)!.id;

    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    for (const [researchers, contactPerson, serviceTime] of [
      ["王研究员", "郑芳", "2026-03-02 12:00:00"],
      ["李研究员", "赵强", "2026-05-06 12:00:00"],
    ] as const) {
      await page.goto(`${suite.server.baseUrl}/serviceFilesDetails?compId=${company}`);
      await recordVisit(page, {
        researchers,
        contactPerson,
        contactPersonPhone: "13608006006",
        cooperativePartner: "成都集成电路行业协会",
        belongCustomer: "封装测试重点企业",
        businessOpportunity: "先进封装专利导航",
        mainBusiness: "Chiplet 先进封装的专利风险排查",
        serviceContent: "走访封装产线",
        serviceTime,
      });
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFiles");
    }

    // The archive's menu has the visit list under it.
    await page.getByTestId("main-nav").getByText("走访记录").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/visits");
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(2);
    expect(await rows().first().innerText()).toContain("李研究员");

    // A date range that holds only the first visit.
    await page.getByTestId("visit-filter-date").first().click();
    await page.getByTestId("visit-filter-date").first().fill("2026-03-01");
    await page.keyboard.press("Enter");
    await page.getByTestId("visit-filter-date").last().fill("2026-03-31");
    await page.keyboard.press("Enter");
    await page.getByTestId("visit-filter-submit").click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    expect(await rows().first().innerText()).toContain("王研究员");
    await expect.poll(() => decodeURIComponent(search()), { timeout: 15_000 }).toContain("[value][0]=2026-03-01");

    // Sorted by company name: the address keeps that too.
    await page.getByTestId("visit-table").getByRole("columnheader", { name: "企业名称" }).click();
    await expect.poll(() => decodeURIComponent(search()), { timeout: 15_000 }).toContain("sorters[0][field]=companyName");
    const kept = search();

    // To the record and Back: the same filters, the same rows.
    await page.locator("[data-testid^=visit-view-]").first().click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFilesDetails");
    await expect.poll(() => page.getByTestId("view-researchers").textContent(), { timeout: 15_000 }).toBe("王研究员");
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/visits");
    expect(search()).toBe(kept);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    expect(await rows().first().innerText()).toContain("王研究员");
    const range = await page.getByTestId("visit-filter-date").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(range).toEqual(["2026-03-01", "2026-03-31"]);

    // The view's own Back button returns to the list as it was, too.
    await page.locator("[data-testid^=visit-view-]").first().click();
    await page.getByTestId("record-back").click();
    await expect.poll(() => search(), { timeout: 15_000 }).toBe(kept);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
  });

  it("keeps the archive's record tab filters and page in the address beside the company, so Back restores them", async () => {
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const found = await admin.post<{ records: { id: number; name: string }[] }>("/api/company/search", { keywords: COMPANY });
    const company = found.records.find((c) => c.name === COMPANY)!.id;
    await page.goto(`${suite.server.baseUrl}/serviceFiles?id=${company}`);
    const records = page.getByTestId("record-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => records.count(), { timeout: 15_000 }).toBe(2);
    await page.getByTestId("record-filter-researchers").fill("李研究");
    await page.getByTestId("record-search").click();
    await expect.poll(() => records.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => decodeURIComponent(search()), { timeout: 15_000 }).toContain("[value]=李研究");
    expect(new URL(page.url()).searchParams.get("id")).toBe(String(company));

    await page.locator("[data-testid^=record-view-]").first().click();
    await expect.poll(() => page.getByTestId("view-researchers").textContent(), { timeout: 15_000 }).toBe("李研究员");
    await page.goBack();
    await expect.poll(() => records.count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).searchParams.get("id")).toBe(String(company));
    expect(await page.getByTestId("record-filter-researchers").inputValue()).toBe("李研究");
    expect(await records.first().innerText()).toContain("赵强");
  });
});
