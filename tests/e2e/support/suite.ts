import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { startServer, type RunningServer } from "./server";

export interface BrowserSuite {
  readonly server: RunningServer;
  /** A page in a new context: no cookies or storage from earlier tests. */
  freshPage(): Promise<Page>;
}

/** One real server and one Chromium for a describe block, both stopped after it. */
export function browserSuite(): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    async freshPage() {
      await context?.close();
      // Reduced motion: antd's dialogs then open without zooming, so a click cannot land on a button
      // that is still moving (the app honours the setting for its users too).
      context = await browser!.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
      return context.newPage();
    },
  };
}
