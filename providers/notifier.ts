import { notificationProvider } from "./notificationProvider";

/**
 * Toasts for code outside React (the request layer, the session code) and for the sign-in pages,
 * which run without Refine (src/App.tsx runsWithoutRefine): they open through the same
 * notification provider Refine's hooks use.
 */
export const notify = {
  error: (text: string) => notificationProvider.open({ type: "error", message: text }),
  warning: (text: string) => notificationProvider.open({ type: "warning", message: text }),
  success: (text: string) => notificationProvider.open({ type: "success", message: text }),
};
