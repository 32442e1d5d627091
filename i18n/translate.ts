import en from "./locales/en";
import zhCN from "./locales/zh-CN";
import { renderText, type Tree } from "./render";
import type { Locale, Translate, TranslateParams } from "./types";

const catalogs: Record<Locale, Tree> = { "zh-CN": zhCN as unknown as Tree, en: en as unknown as Tree };

/**
 * `{name}` placeholders are filled from params. A missing key shows the key itself, so it is noticed.
 * Both catalogs whole, the server's texts included: for the server and tests. The app translates
 * through i18n/appTranslate.ts, which loads only what a browser shows.
 */
export function translate(locale: Locale, key: string, params?: TranslateParams, fallback?: string): string {
  return renderText(catalogs, locale, key, params, fallback);
}

export const translator =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);
