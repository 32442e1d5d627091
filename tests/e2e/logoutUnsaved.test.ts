import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiAs } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";

interface CurrentAnswer {
  questionNo: string;
  currentAnswer: string;
}

describe.skipIf(!hasChromium)("logging out with unsaved answers, in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  it("asks first; Save saves the answers, then signs out, and they are there when signed back in", async () => {
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const companies = await admin.post<{ records: { id: number }[] }>("/api/company/search", { keywords: "示例", current: 1, size: 1 });
    const compId = companies.records[0].id;

    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    await page.goto(`${suite.server.baseUrl}/serviceFiles?id=${compId}`);
    await page.getByTestId("archive-tab-ip").click();
    await page.getByTestId("question-edit").click();
    const answers = page.locator("textarea[data-testid^=answer-]");
    await expect.poll(() => answers.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const count = await answers.count();
    for (let i = 0; i < count; i++) await answers.nth(i).fill(`退出前的回答${i + 1}`);
    await page.getByTestId("answer-ip01").fill("退出登录前填写，未点保存");

    await page.getByTestId("header-user").hover();
    await page.getByText("退出登录", { exact: true }).click();
    // Still signed in while the question is open: Stay would keep everything as it is.
    await page.getByTestId("unsaved-save").click();

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/login/index");
    expect(await page.getByTestId("header-user").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("accessTokenRecord"))).toBeNull();

    const stored = await admin.post<{ records: CurrentAnswer[] }>("/api/archives/queryServiceAnswer", { current: 1, size: 1000, model: { compId } });
    expect(stored.records.find((a) => a.questionNo === "ip01")?.currentAnswer).toBe("退出登录前填写，未点保存");
    expect(stored.records).toHaveLength(count);

    // Signed back in, the tab shows what was saved on the way out.
    await signInAsAdmin(page, suite.server);
    await page.goto(`${suite.server.baseUrl}/serviceFiles?id=${compId}`);
    await page.getByTestId("archive-tab-ip").click();
    await expect.poll(() => page.getByTestId("answer-ip01").inputValue(), { timeout: 15_000 }).toBe("退出登录前填写，未点保存");
  });
});
