import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";

describe.skipIf(!hasChromium)("the app shell in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  const open = async (path: string) => {
    page = await suite.freshPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(suite.server.baseUrl + path);
    return errors;
  };

  it("renders the home page in Chinese with header and footer", async () => {
    const errors = await open("/");
    await expect.poll(() => page.getByTestId("home-page").isVisible()).toBe(true);
    expect(await page.getByTestId("app-header").innerText()).toContain("半导体产业专利导航服务平台");
    expect(await page.getByTestId("app-header").evaluate((el) => el.getBoundingClientRect().height)).toBe(120);
    expect(await page.getByTestId("app-footer").isVisible()).toBe(true);
    expect(await page.getByTestId("app-footer").innerText()).toContain("扫码关注公众号");
    expect(await page.title()).toBe("首页 - 半导体产业专利导航服务平台");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("loads the app on a deep link and remembers it as the history path", async () => {
    // Signed in: a visitor's /logs call is refused and sends the window to the sign-in provider.
    await open("/");
    await signInAsAdmin(page, suite.server);
    await page.goto(suite.server.baseUrl + "/logs");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "日志列表" }).isVisible()).toBe(true);
    // The list then writes its page into the address (Refine's syncWithLocation), which is remembered too.
    const rememberedPath = () => page.evaluate(() => new URL(localStorage.getItem("historyPath") ?? "", location.origin).pathname);
    await expect.poll(rememberedPath).toBe("/logs");
    await page.close();
  });

  it("switches the whole shell to English and back", async () => {
    await open("/");
    await page.getByText("English", { exact: true }).click();
    await expect.poll(() => page.getByTestId("app-header").innerText()).toContain("Semiconductor Industry Patent Navigation Platform");
    expect(await page.title()).toBe("Home - Semiconductor Industry Patent Navigation Platform");
    await page.getByText("中文", { exact: true }).click();
    await expect.poll(() => page.getByTestId("app-header").innerText()).toContain("半导体产业专利导航服务平台");
    await page.close();
  });

  it("hides the footer on the login page and the header on the callback page", async () => {
    await open("/login/index");
    await expect.poll(() => page.getByTestId("login-card").isVisible()).toBe(true);
    expect(await page.getByTestId("app-footer").count()).toBe(0);
    expect(await page.getByTestId("app-header").count()).toBe(1);
    await page.goto(suite.server.baseUrl + "/authorization-callback");
    await expect.poll(() => page.locator("#root .app-shell").count()).toBe(1);
    expect(await page.getByTestId("app-header").count()).toBe(0);
    expect(await page.getByTestId("app-footer").count()).toBe(0);
    await page.close();
  });

  it("gets an uploaded avatar image back byte for byte", async () => {
    await open("/");
    await signInAsAdmin(page, suite.server);
    await page.goto(suite.server.baseUrl + "/userCenter/basicInfo");
    const png = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 64;
        canvas.height = 48;
        const ctx = canvas.getContext("2d")!;
        ctx.fillStyle = "#1d4ed8";
        ctx.fillRect(0, 0, 64, 48);
        ctx.fillStyle = "#fff";
        ctx.fillText("芯", 20, 30);
        const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/png"));
        return Array.from(new Uint8Array(await blob.arrayBuffer()));
      }),
    );
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("avatar-upload").click();
    await (await chooser).setFiles({ name: "芯片照片.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => page.getByTestId("avatar-image").getAttribute("src"), { timeout: 15_000 }).toMatch(/^\/api\/open\/download\//);

    const src = (await page.getByTestId("avatar-image").getAttribute("src"))!;
    const download = await page.request.get(suite.server.baseUrl + src);
    expect(download.headers()["content-type"]).toBe("image/png");
    const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(digest(await download.body())).toBe(digest(png));
    await page.close();
  });

  it("lets the rich-text editor take typed text and counts it", async () => {
    await open("/");
    await signInAsAdmin(page, suite.server);
    await page.goto(suite.server.baseUrl + "/serviceFilesDetails");
    const editor = page.getByTestId("form-serviceContent").locator("[contenteditable=true]");
    await editor.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("form-serviceContent").innerText()).toContain("请输入内容...");
    await editor.click();
    await page.keyboard.type("走访了芯片设计企业 abc");
    await expect.poll(() => editor.innerText()).toContain("走访了芯片设计企业 abc");
    await expect.poll(() => page.getByTestId("service-content-count").innerText()).toMatch(/^13\s*\/\s*1000$/);
    await page.close();
  });
});
