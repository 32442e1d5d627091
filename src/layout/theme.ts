import type { ThemeConfig } from "antd";
import { useEffect, useState } from "react";

/**
 * The platform's antd theme. antd's defaults fail WCAG AA contrast (4.5:1) for small text: grey
 * secondary text, breadcrumbs, counters and empty states are #8c8c8c on white (3.36:1), links and
 * info are #1677ff (4.1:1), errors #ff4d4f (3.26:1), a select's placeholder #bfbfbf (1.83:1). These
 * tokens keep the look and pass on white and on the pale page and selection backgrounds.
 */
const appTheme: ThemeConfig = {
  token: {
    colorPrimary: "#1d4ed8",
    colorInfo: "#1d4ed8",
    colorLink: "#1d4ed8",
    colorError: "#c8102e",
    colorTextDescription: "rgba(0, 0, 0, 0.62)",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
  },
};

const stillTheme: ThemeConfig = { ...appTheme, token: { ...appTheme.token, motion: false } };

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === "function" && window.matchMedia(REDUCED_MOTION).matches;

/**
 * The theme for this reader: with the system's "reduce motion" setting (WCAG 2.3.3) dialogs, menus
 * and messages appear and leave without zooming or sliding, and follow the setting when it changes.
 */
export function useAppTheme(): ThemeConfig {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(REDUCED_MOTION);
    const follow = () => setReduced(query.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return reduced ? stillTheme : appTheme;
}
