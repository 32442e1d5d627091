import type { Locale, TranslateParams } from "./types";

/** A catalog: namespaces of texts, nested. */
export type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The text for key in locale, else in Chinese, else fallback, else the key itself (so that it is
 * noticed); `{name}` placeholders are filled from params.
 */
export function renderText(
  catalogs: Partial<Record<Locale, Tree>>,
  locale: Locale,
  key: string,
  params?: TranslateParams,
  fallback?: string,
): string {
  const text = lookup(catalogs[locale], key) ?? lookup(catalogs["zh-CN"], key) ?? fallback ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
