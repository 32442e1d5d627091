import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAs, createStaffMember } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";

const COMPANY = "芯蓉封装测试（示例）有限公司";

describe.skipIf(!hasChromium)("service statistics in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  it("charts the period's visits and drills a figure down to the visit list", async () => {
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const found = await admin.post<{ records: { id: number; name: string }[] }>("/api/company/search", { keywords: COMPANY });
    const compId = found.records.find((c) => c.name === COMPANY)!.id;
    const year = new Date().getFullYear();
    // A researcher is counted as the user the record links: 王芳; 郑芳, typed in, is no user.
    const wangfang = await createStaffMember(suite.server, "tongjiwang", "王芳", "Stats-e2e-2026");
    await admin.post("/api/archives/releaseArchives", {
      compId,
      researcherIds: [wangfang],
      researchers: "郑芳",
      cooperativePartner: "电子科技大学",
      belongCustomer: "重点客户",
      businessOpportunity: "专利导航",
      comprehensiveEvaluation: "good",
      isOpenPatnavi: "opened",
      mainBusiness: "先进封装",
      serviceContent: "<p>走访封装产线</p>",
      serviceTime: `${year}-03-15 10:00:00`,
    });

    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    await page.goto(`${suite.server.baseUrl}/statistics`);
    // The bar goes there from the menus the server gives the administrator.
    await expect.poll(() => page.locator(`a[href="/statistics"]`).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Every chart is drawn (ECharts' SVG) beside its table.
    for (const chart of ["month", "researcher", "evaluation", "coverage", "segment", "district"]) {
      await expect.poll(() => page.getByTestId(`statistics-chart-${chart}`).locator("svg").count(), { timeout: 15_000 }).toBe(1);
    }
    const totals = page.getByTestId("statistics-totals");
    await expect.poll(() => totals.innerText(), { timeout: 15_000 }).toContain("1");
    const researchers = await page.getByTestId("statistics-table-researcher").innerText();
    expect(researchers).toContain("王芳");
    expect(researchers).not.toContain("郑芳");

    // 良好 drills down to the visit list filtered to the period and that evaluation.
    await page.getByTestId("statistics-drill-evaluation-good").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/visits");
    const query = decodeURIComponent(new URL(page.url()).search);
    expect(query).toContain(`filters[0][field]=serviceTime&filters[0][operator]=between&filters[0][value][0]=${year}-01-01&filters[0][value][1]=${year}-12-31`);
    expect(query).toContain("filters[1][field]=comprehensiveEvaluation&filters[1][operator]=eq&filters[1][value]=good");
  });
});
