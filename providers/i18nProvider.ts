import type { I18nProvider } from "@refinedev/core";
import { translate } from "../i18n/appTranslate";
import { LOCALES, type Locale, type TranslateParams } from "../i18n/types";

/** Refine's view of the app's i18n: the same catalogs, the same current language. */
export function createI18nProvider({ locale, setLocale }: { locale: Locale; setLocale: (locale: Locale) => void }): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => {
      const params = typeof options === "object" && options !== null ? (options as TranslateParams) : undefined;
      const fallback = typeof options === "string" ? options : defaultMessage;
      return translate(locale, key, params, fallback);
    },
    changeLocale: async (lang: string) => {
      if ((LOCALES as readonly string[]).includes(lang)) setLocale(lang as Locale);
    },
    getLocale: () => locale,
  };
}
