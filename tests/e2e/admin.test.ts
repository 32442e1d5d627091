import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { FIXED_CAPTCHA } from "./support/server";
import { signInAsAdmin, signInThroughPage } from "./support/session";
import { browserSuite } from "./support/suite";

describe.skipIf(!hasChromium)("administration in Chromium", () => {
  const suite = browserSuite();
  let page: Page;
  let staffPassword = "";

  const go = (path: string) => page.goto(suite.server.baseUrl + path);
  const logActions = async () => {
    await go("/logs");
    await page.getByTestId("log-table").locator("tbody tr.ant-table-row").first().waitFor();
    return page.getByTestId("log-table").innerText();
  };

  it("creates, disables and re-enables a user, and finds each action in the log", async () => {
    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    await go("/userCenter/userManage");
    await page.getByTestId("user-manage-create").click();
    await page.getByTestId("user-form-username").fill("liqiang01");
    await page.getByTestId("user-form-name").fill("李强");
    await page.getByTestId("user-form-mobile").fill("13700000011");
    await page.getByTestId("user-form-roles").click();
    await page.getByTitle("协会工作人员").click();
    await page.keyboard.press("Escape");
    await page.getByTestId("user-form-submit").click();
    staffPassword = (await page.getByTestId("initial-password").innerText()).trim();
    expect(staffPassword.length).toBeGreaterThanOrEqual(8);
    await page.getByTestId("initial-password-close").click();

    await page.getByTestId("user-disable-liqiang01").click();
    await page.locator(".ant-popconfirm:visible .ant-btn-primary").click();
    await expect.poll(() => page.getByTestId("user-enable-liqiang01").count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId("user-enable-liqiang01").click();
    await page.locator(".ant-popconfirm:visible .ant-btn-primary").click();
    await expect.poll(() => page.getByTestId("user-disable-liqiang01").count(), { timeout: 15_000 }).toBe(1);

    const log = await logActions();
    for (const action of ["新增用户", "停用用户", "启用用户"]) expect(log).toContain(action);
  });

  it("shows a staff member no administration menu or button, and the server refuses the call", async () => {
    page = await suite.freshPage();
    await signInThroughPage(page, suite.server, "liqiang01", staffPassword);
    // The initial password must be changed first.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/userCenter/changePassword");
    await page.getByTestId("change-old-password").fill(staffPassword);
    await page.getByTestId("change-password").fill("Staff2026ok");
    await page.getByTestId("change-confirm").fill("Staff2026ok");
    await page.getByTestId("change-submit").click();
    await expect.poll(() => page.getByText("修改成功").count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await go("/");
    // The menus come with the signed-in user's identity, after the page's first paint.
    await expect.poll(() => page.getByTestId("main-nav").innerText(), { timeout: 15_000 }).toContain("敲门服务档案");
    const nav = await page.getByTestId("main-nav").innerText();
    for (const admin of ["用户列表", "用户管理", "操作日志"]) expect(nav).not.toContain(admin);

    const status = await page.evaluate(async () => {
      const { data } = JSON.parse(localStorage.getItem("accessTokenRecord")!);
      const res = await fetch("/api/user/listData", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${data.access_token}` },
        body: JSON.stringify({ current: 1, size: 10, model: {} }),
      });
      return { http: res.status, body: await res.json() };
    });
    expect(status.http).toBe(403);
    expect(status.body.code).toBe(403);

    await go("/logs");
    await expect.poll(() => page.getByTestId("no-permission").count(), { timeout: 15_000 }).toBe(1);
  });

  it("shows 50 log rows with page size 50", async () => {
    // Sixty failed sign-ins give the log more than one page of 50.
    for (let i = 0; i < 60; i++) {
      await fetch(`${suite.server.baseUrl}/uaa/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ grant_type: "password", client_id: "web", client_secret: "web-secret", username: `nobody${i}`, password: "x", vid: "none", vcode: FIXED_CAPTCHA }),
      });
    }
    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    await go("/logs");
    const rows = page.getByTestId("log-table").locator("tbody tr.ant-table-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);
    await page.getByTestId("log-table").locator(".ant-pagination-options .ant-select").click();
    await page.getByTitle("50 条/页").click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(50);
  });

  it("sorts the log by time from its header, and the address keeps the order", async () => {
    const rows = page.getByTestId("log-table").locator("tbody tr.ant-table-row");
    const times = () => rows.evaluateAll((trs) => trs.map((tr) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(tr.textContent ?? "")?.[0] ?? ""));
    const ordered = (list: string[], asc: boolean) => list.every((time, i) => i === 0 || (asc ? list[i - 1]! <= time : list[i - 1]! >= time));
    const newestFirst = await times();
    expect(ordered(newestFirst, false)).toBe(true);

    await page.getByTestId("log-table").getByRole("columnheader", { name: /操作时间/ }).click();
    await expect.poll(async () => (await times())[0]! < newestFirst[0]!).toBe(true);
    expect(ordered(await times(), true)).toBe(true);
    expect(new URL(page.url()).searchParams.get("sorters[0][order]")).toBe("asc");

    const oldestFirst = await times();
    await page.reload();
    await expect.poll(async () => (await times())[0]).toBe(oldestFirst[0]);
    expect(ordered(await times(), true)).toBe(true);
  });
});
