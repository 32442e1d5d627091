import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAs } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";

/** SPEC 1: below 1280 px the mobile style; 1024 px is a common small laptop or tablet width. */
const NARROW = 1024;

/** How far the page, the header and the footer reach sideways. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    header: document.querySelector("[data-testid=app-header]")!.getBoundingClientRect().width,
    nav: document.querySelector("[data-testid=main-nav]")!.getBoundingClientRect().width,
    footer: document.querySelector("[data-testid=app-footer]")!.getBoundingClientRect().width,
  }));

describe.skipIf(!hasChromium)("a screen narrower than 1280 px in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  it("keeps the page within the screen, the bars across it, and scrolls a wide table inside its box", async () => {
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    await admin.post("/api/user/edit", { username: "zhaomin02", name: "赵敏", roleCodes: ["staff"] });
    page = await suite.freshPage();
    await page.setViewportSize({ width: NARROW, height: 800 });
    await signInAsAdmin(page, suite.server);

    await page.goto(suite.server.baseUrl + "/userCenter/userManage");
    const table = page.getByTestId("user-manage-table");
    await table.getByText("zhaomin02").waitFor();
    expect(await widths(page)).toEqual({ page: NARROW, header: NARROW, nav: NARROW, footer: NARROW });
    // The company column keeps its heading on one line (it was cut to a character a line).
    const company = table.locator("thead th", { hasText: "所属企业" });
    const text = await company.evaluate((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      const { width, height } = range.getBoundingClientRect();
      return { width, height, lineHeight: parseFloat(getComputedStyle(th).lineHeight) };
    });
    expect(text.height).toBeLessThan(1.5 * text.lineHeight);
    expect(text.width).toBeGreaterThanOrEqual(4 * 12);
    // The rest of the table is reached by scrolling it, not the page.
    const scroller = table.locator(".ant-table-content");
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    await page.goto(suite.server.baseUrl + "/logs");
    await page.getByTestId("log-table").locator("tbody tr.ant-table-row").first().waitFor();
    expect(await widths(page)).toEqual({ page: NARROW, header: NARROW, nav: NARROW, footer: NARROW });
  });
});
