import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { notify } from "../../providers/notifier";
import { StorageKey } from "../../providers/storageKeys";
import { storedLocale } from "../../providers/storedLocale";
import { I18nContext, type I18nValue } from "./I18nContext";
import { catalogLoaded, loadCatalog, translate, translator } from "../../i18n/appTranslate";
import type { Locale } from "../../i18n/types";

/** Holds the chosen language; changing it re-renders every text and date (dayjs follows it in src/RefineScope.tsx). */
export function I18nRoot({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  // Screen readers pick their voice from <html lang>, which index.html fixes to the default.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    const switchTo = () => {
      localStorage.setItem(StorageKey.LOCALE, next);
      setLocaleState(next);
    };
    // English is fetched the first time it is chosen; until it is there the page stays as it is.
    if (catalogLoaded(next)) switchTo();
    else
      loadCatalog(next).then(switchTo, (error: unknown) => {
        console.warn("language not loaded", error);
        notify.error(translate(storedLocale(), "providers.networkError"));
      });
  }, []);

  const value = useMemo<I18nValue>(() => ({ locale, t: translator(locale), setLocale }), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
