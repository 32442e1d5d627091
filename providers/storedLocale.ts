import { StorageKey } from "./storageKeys";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../i18n/types";

/** The language the user chose last time, or the default. */
export function storedLocale(): Locale {
  const saved = localStorage.getItem(StorageKey.LOCALE);
  return (LOCALES as readonly string[]).includes(saved ?? "") ? (saved as Locale) : DEFAULT_LOCALE;
}
