import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { SiteSettings } from "../../contract/schemas/site";
import { DEFAULT_ASSOCIATION_NAME } from "../../contract/site";
import type { Translate } from "../../i18n/types";

/** What the server tells the app about the association (GET /api/open/site). */
export type { SiteSettings };

const SiteSettingsContext = createContext<SiteSettings | null>(null);

export const useSiteSettings = (): SiteSettings | null => useContext(SiteSettingsContext);

/** The association's name to show: the catalog's while it is the default or not yet known, else as configured. */
export function associationNameOf(site: SiteSettings | null, t: Translate): string {
  return !site || site.associationName === DEFAULT_ASSOCIATION_NAME ? t("shell.footer.association") : site.associationName;
}

export function SiteSettingsProvider({
  load,
  children,
}: {
  load: () => Promise<SiteSettings>;
  children: ReactNode;
}) {
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  useEffect(() => {
    let alive = true;
    load().then(
      (value) => alive && setSettings(value),
      // The shell still works without them: links and contact details simply don't show.
      (error: unknown) => console.warn("site settings unavailable", error),
    );
    return () => {
      alive = false;
    };
  }, [load]);
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>;
}
