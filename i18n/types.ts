/** The shape of a message tree: the English tree must carry exactly the keys of the Chinese one. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const LOCALES = ["zh-CN", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh-CN";

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslateParams) => string;
