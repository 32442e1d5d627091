import { useEffect } from "react";
import { useLocation } from "react-router";
import { storage } from "../../providers/storage";
import { StorageKey } from "../../providers/storageKeys";
import { useT } from "../i18n/I18nContext";
import { Paths } from "../../contract/paths";
import { isLoginPath, routeTitle } from "../routes";

/** After every navigation: remember the path, scroll to the top, name the tab (SPEC 2). */
export function NavigationEffects({ scrollTarget }: { scrollTarget: () => HTMLElement | null }) {
  const { pathname, search } = useLocation();
  const t = useT();

  useEffect(() => {
    // The callback page only passes through; returning to it would replay a used code.
    if (!isLoginPath(pathname) && pathname !== Paths.AUTH_CALLBACK) {
      storage.setText(StorageKey.HISTORY_PATH, pathname + search);
    }
    scrollTarget()?.scrollTo?.({ top: 0 });
    window.scrollTo?.({ top: 0 });
  }, [pathname, search, scrollTarget]);

  useEffect(() => {
    const key = routeTitle(pathname);
    const platform = t("shell.platformTitle");
    document.title = key ? `${t(key)} - ${platform}` : platform;
  }, [pathname, t]);

  return null;
}
