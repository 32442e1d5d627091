import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { latestSmsCode } from "./support/outbox";
import type { RunningServer } from "./support/server";
import { signInAsAdmin, signInThroughPage } from "./support/session";
import { browserSuite } from "./support/suite";

describe.skipIf(!hasChromium)("signing in and out in Chromium", () => {
  const suite = browserSuite();
  let server: RunningServer;
  let page: Page;

  const fresh = async () => {
    server = suite.server;
    page = await suite.freshPage();
  };

  const storedText = () =>
    page.evaluate(() => {
      const all: string[] = [];
      for (const store of [localStorage, sessionStorage]) {
        for (let i = 0; i < store.length; i++) all.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
      }
      return all.join("\n");
    });

  const signIn = (username: string, password: string) => signInThroughPage(page, server, username, password);

  it("signs in with password and captcha, keeps no password in storage, and signs out", async () => {
    await fresh();
    await page.goto(server.baseUrl + "/login/index");
    await expect.poll(() => page.getByTestId("login-captcha-image").getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    await signIn("admin", server.adminPassword);
    await expect.poll(() => page.getByTestId("header-user").innerText(), { timeout: 15_000 }).toContain("管理员");
    expect(await storedText()).not.toContain(server.adminPassword);

    await page.getByTestId("header-user").hover();
    await page.getByText("退出登录", { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login/index");
    expect(await page.getByTestId("header-user").count()).toBe(0);
  });

  it("continues after one silent refresh once the access token has expired", async () => {
    await fresh();
    await signInAsAdmin(page, server);
    const refreshes: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/uaa/oauth/token") && (req.postData() ?? "").includes("refresh_token")) refreshes.push(req.url());
    });
    // The token has outlived its lifetime while the tab sat idle.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem("accessTokenRecord")!);
      stored.data.expires_in = Date.now() - 1000;
      localStorage.setItem("accessTokenRecord", JSON.stringify(stored));
    });
    await page.goto(server.baseUrl + "/userCenter/basicInfo");
    await expect.poll(() => page.getByTestId("basic-name").inputValue(), { timeout: 15_000 }).toBe("管理员");
    expect(refreshes).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe("/userCenter/basicInfo");
  });

  it("registers an account with the SMS code from the outbox, then signs in with it", async () => {
    await fresh();
    const mobile = "13912345678";
    await page.goto(server.baseUrl + "/login/register");
    await page.getByTestId("register-username").fill("xinpian01");
    await page.getByTestId("register-password").fill("Xinpian2026");
    await page.getByTestId("register-confirm").fill("Xinpian2026");
    await page.getByTestId("register-mobile").fill(mobile);
    await page.getByTestId("register-company").fill("成都芯途微电子有限公司");
    await page.getByTestId("register-send-code").click();
    await expect.poll(() => page.getByTestId("register-send-code").innerText()).toMatch(/\d+/);
    await page.getByTestId("register-sms-code").fill(latestSmsCode(server.dataDir, mobile));
    await page.getByTestId("register-submit").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/login/index");

    await signIn("xinpian01", "Xinpian2026");
    await expect.poll(() => page.getByTestId("header-user").count(), { timeout: 15_000 }).toBe(1);
  });

  it("shows the access_denied message on the callback page, then lands on the home page", async () => {
    await fresh();
    await page.goto(server.baseUrl + "/authorization-callback?error=access_denied");
    await expect.poll(() => page.getByText("用户或授权服务拒绝授权").count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  });

  it("signs in through the development provider and back through the callback; signing out ends the provider's session too", async () => {
    await fresh();
    const addresses: string[] = [];
    page.on("request", (req) => addresses.push(req.url()));
    const ssoSignIn = async () => {
      await page.goto(server.baseUrl + "/login/index");
      await page.getByTestId("login-sso").click();
      await page.waitForURL(/\/idp\//, { timeout: 15_000 });
    };
    await ssoSignIn();
    await page.locator("input[name=username]").fill("zhangsan");
    await page.locator("input[name=password]").fill("Zhangsan123");
    await page.getByRole("button", { name: "登录" }).click();
    await expect.poll(() => page.getByTestId("header-user").innerText(), { timeout: 20_000 }).toContain("张三");
    expect(new URL(page.url()).pathname).not.toBe("/authorization-callback");
    const idToken = await page.evaluate(() => sessionStorage.getItem("ssoIdToken"));
    expect(idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await page.getByTestId("header-user").hover();
    await page.getByText("退出登录", { exact: true }).click();
    // Out through the provider's sign-out, which sends the browser back to the login page.
    await expect.poll(() => addresses.some((url) => new URL(url).pathname === "/idp/session/end/confirm"), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/login/index");
    await expect.poll(() => page.getByTestId("login-sso").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem("ssoIdToken"))).toBeNull();
    // No token or code in any address the browser asked for.
    expect(addresses.filter((url) => url.includes(idToken!) || /[?&](id_token_hint|access_token|refresh_token|password)=/.test(url))).toEqual([]);

    // The next single sign-on asks for the password again instead of signing 张三 straight back in.
    await ssoSignIn();
    await expect.poll(() => page.locator("input[name=password]").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId("header-user").count()).toBe(0);
  });
});
