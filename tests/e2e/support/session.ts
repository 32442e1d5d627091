import type { Page } from "playwright-core";
import { expect } from "vitest";
import { FIXED_CAPTCHA, type RunningServer } from "./server";

/** Signs in through the login page with the captcha the test server fixes. */
export async function signInThroughPage(page: Page, server: RunningServer, username: string, password: string): Promise<void> {
  await page.goto(server.baseUrl + "/login/index");
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-captcha").fill(FIXED_CAPTCHA);
  await page.getByTestId("login-submit").click();
}

export async function signInAsAdmin(page: Page, server: RunningServer): Promise<void> {
  await signInThroughPage(page, server, "admin", server.adminPassword);
  await expect.poll(() => page.getByTestId("header-user").count(), { timeout: 15_000 }).toBe(1);
}
