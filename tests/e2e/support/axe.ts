import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import type { AxeResults, Result } from "axe-core";

// Evaluated rather than added as a script tag: the app's Content-Security-Policy refuses inline scripts.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One violation as a reader of the test output needs it: rule, impact, and where. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const describe = (v: Result): Violation => ({
  id: v.id,
  impact: v.impact ?? "",
  help: v.help,
  targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.split("\n").slice(1).join(" ").trim()}` : ""}`),
});

/**
 * Runs axe-core on the page as it stands and returns its critical and serious violations. Transitions
 * are stopped first so colours are measured at rest, not halfway through a fade.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    () => (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ["violations"] }),
  );
  return results.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map(describe);
}

/** Any CJK ideograph, kana or full-width punctuation. */
const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;

/**
 * The visible texts of the page that contain Chinese, table cells included, leaving out what the
 * caller names as data (seeded company names, people's names) and text marked as Chinese with a
 * lang attribute (the switch to Chinese is named in Chinese).
 */
export async function chineseTexts(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate((cjkSource) => {
    const cjk = new RegExp(cjkSource);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!text || !cjk.test(text) || !parent) continue;
      if (parent.closest("body [lang^=zh]")) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      found.push(text);
    }
    // Placeholders and accessible names are read too.
    for (const el of document.querySelectorAll<HTMLElement>("[placeholder], [aria-label], [title], img[alt]")) {
      if (!el.checkVisibility()) continue;
      for (const attr of ["placeholder", "aria-label", "title", "alt"]) {
        const value = el.getAttribute(attr);
        if (value && cjk.test(value)) found.push(`${attr}="${value}"`);
      }
    }
    return found;
  }, CJK.source);
  // Longest first: a dimension's name inside one of its questions must not break the question up.
  const byLength = data.filter((d) => d !== "").sort((a, b) => b.length - a.length);
  return texts.filter((text) => CJK.test(byLength.reduce((rest, d) => rest.split(d).join(""), text)));
}
