import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium. Missing: the browser tests are skipped loudly, except under CI where that fails. */
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const text = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium fonts-noto-cjk'.`;
  if (process.env.CI === "true") throw new Error(`${text} Browser tests cannot be skipped in CI.`);
  console.warn(`\n!!! BROWSER TESTS SKIPPED !!! ${text}\n`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
