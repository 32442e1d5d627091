import zhCN from "./locales/zh-CN/app";
import { renderText, type Tree } from "./render";
import { DEFAULT_LOCALE, type Locale, type Translate, type TranslateParams } from "./types";

/**
 * The app's catalogs (issue 10 item 8, light to load): the Chinese one is part of the first load, the
 * English one is fetched when it is first needed (src/main.tsx before the first render when it is the
 * stored language, the language switch before switching). Neither holds the server's own texts, which
 * only the server renders. The server and tests use i18n/translate.ts, which holds everything.
 */
const catalogs: Partial<Record<Locale, Tree>> = { [DEFAULT_LOCALE]: zhCN as unknown as Tree };

const loaders: Partial<Record<Locale, () => Promise<{ default: object }>>> = {
  en: () => import("./locales/en/app"),
};

export const catalogLoaded = (locale: Locale): boolean => catalogs[locale] !== undefined;

/** Fetches a language's catalog once; until it is there its texts show in Chinese. */
export async function loadCatalog(locale: Locale): Promise<void> {
  const load = loaders[locale];
  if (catalogLoaded(locale) || !load) return;
  const { default: tree } = await load();
  catalogs[locale] = tree as Tree;
}

/** `{name}` placeholders are filled from params. A missing key shows the key itself, so it is noticed. */
export function translate(locale: Locale, key: string, params?: TranslateParams, fallback?: string): string {
  return renderText(catalogs, locale, key, params, fallback);
}

export const translator =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);
