import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { StorageKey } from "../../providers/storageKeys";
import { storedLocale } from "../../providers/storedLocale";
import { I18nContext, type I18nValue } from "./I18nContext";
import { translator } from "../../i18n/translate";
import type { Locale } from "../../i18n/types";

const dayjsLocale: Record<Locale, string> = { "zh-CN": "zh-cn", en: "en" };

/** Holds the chosen language; changing it re-renders every text and date. */
export function I18nRoot({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  dayjs.locale(dayjsLocale[locale]);
  // Screen readers pick their voice from <html lang>, which index.html fixes to the default.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(StorageKey.LOCALE, next);
    setLocaleState(next);
  }, []);

  const value = useMemo<I18nValue>(() => ({ locale, t: translator(locale), setLocale }), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
