import type { FastifyRequest } from "fastify";
import type zhCN from "../i18n/locales/zh-CN";
import { translate } from "../i18n/translate";
import { DEFAULT_LOCALE, type Locale } from "../i18n/types";

/** Every key of the shared catalogs, e.g. "server.users.notFound" or "companies.rules.nameRequired". */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type CatalogKey = Paths<typeof zhCN>;

/** A list of texts is rendered joined by the language's separator (server.listSeparator). */
export type TextParams = Record<string, string | number | ServerText | readonly ServerText[]>;

/**
 * A message the server sends, kept as its catalog key until the answer is written, so that it is
 * rendered once in the caller's language. Its string form (logs, the operation log) is Chinese.
 */
export class ServerText {
  constructor(
    readonly key: CatalogKey,
    readonly params?: TextParams,
  ) {}

  in(locale: Locale): string {
    if (!this.params) return translate(locale, this.key);
    const params = Object.fromEntries(Object.entries(this.params).map(([name, value]) => [name, renderedParam(value, locale)]));
    return translate(locale, this.key, params);
  }

  toString(): string {
    return this.in(DEFAULT_LOCALE);
  }
}

function renderedParam(value: TextParams[string], locale: Locale): string | number {
  if (value instanceof ServerText) return value.in(locale);
  if (Array.isArray(value)) return value.map((item: ServerText) => item.in(locale)).join(translate(locale, "server.listSeparator"));
  return value as string | number;
}

export const text = (key: CatalogKey, params?: TextParams): ServerText => new ServerText(key, params);

/** Entries of Accept-Language read at most; a longer header is a client's mistake, not a preference. */
const MAX_LANGUAGE_RANGES = 16;

/**
 * The caller's language from Accept-Language (the app sends its own): English when the most
 * preferred language we speak is English, Chinese otherwise and when none is said.
 */
export function localeOf(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const range of acceptLanguage.split(",", MAX_LANGUAGE_RANGES)) {
    const [tag, ...parameters] = range.trim().toLowerCase().split(";");
    const primary = tag.split("-")[0];
    const locale: Locale | undefined = primary === "en" ? "en" : primary === "zh" ? "zh-CN" : undefined;
    if (!locale) continue;
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

export const requestLocale = (request: Pick<FastifyRequest, "headers">): Locale => localeOf(request.headers["accept-language"]);

/** A message in the caller's language, for answers written by a route itself (e.g. 保存成功). */
export const say = (request: Pick<FastifyRequest, "headers">, key: CatalogKey, params?: TextParams): string =>
  new ServerText(key, params).in(requestLocale(request));

/**
 * An error's result with every ServerText in it rendered (row errors of an import, the field
 * errors of a form, the answers that conflict). Walks plain objects and arrays only.
 */
export function localized(value: unknown, locale: Locale): unknown {
  if (value instanceof ServerText) return value.in(locale);
  if (Array.isArray(value)) return value.map((item) => localized(item, locale));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, localized(inner, locale)]));
  }
  return value;
}
