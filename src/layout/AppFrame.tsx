import { theme } from "antd";
import type { ReactNode } from "react";

/**
 * The base text style antd's <App> gives the page (its colour, size, line height and font from the
 * theme), without <App> itself: the app's toasts come from Notifications, and <App>'s modal and
 * notification holders would load on every first visit unused.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="app-frame"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {children}
    </div>
  );
}
