import en from "./locales/en";
import zhCN from "./locales/zh-CN";
import type { Locale, Translate, TranslateParams } from "./types";

type Tree = { [key: string]: string | Tree };
const catalogs: Record<Locale, Tree> = { "zh-CN": zhCN as unknown as Tree, en: en as unknown as Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `{name}` placeholders are filled from params. A missing key shows the key itself, so it is noticed. */
export function translate(locale: Locale, key: string, params?: TranslateParams, fallback?: string): string {
  const text = lookup(catalogs[locale], key) ?? lookup(catalogs["zh-CN"], key) ?? fallback ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const translator =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);
