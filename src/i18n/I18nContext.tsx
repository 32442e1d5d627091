import { createContext, useContext } from "react";
import { translator } from "../../i18n/appTranslate";
import { DEFAULT_LOCALE, type Locale, type Translate } from "../../i18n/types";

export interface I18nValue {
  locale: Locale;
  t: Translate;
  setLocale: (locale: Locale) => void;
}

// Without a provider (component tests) texts come out in the default language.
export const I18nContext = createContext<I18nValue>({
  locale: DEFAULT_LOCALE,
  t: translator(DEFAULT_LOCALE),
  setLocale: () => undefined,
});

export const useI18n = (): I18nValue => useContext(I18nContext);
export const useT = (): Translate => useContext(I18nContext).t;
