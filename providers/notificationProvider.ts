import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { message } from "antd";

type ToastType = "success" | "error" | "warning" | "loading";

/** Where toasts are drawn: antd's message API, from App.useApp() once the app has mounted. */
export interface Toaster {
  show(type: ToastType, text: string, key?: string): void;
  close(key: string): void;
}

// antd's static API works outside React but ignores the theme and locale of <App>; the app swaps in
// App.useApp()'s message through setToaster once it has mounted.
const staticToaster: Toaster = {
  show: (type, text, key) => void message.open({ type, content: text, key }),
  close: (key) => message.destroy(key),
};

let toaster: Toaster = staticToaster;

/** Pass null to go back to antd's static message. */
export function setToaster(next: Toaster | null): void {
  toaster = next ?? staticToaster;
}

/** Refine's notification types, and the warning the app also shows (a refusal that is not a failure). */
export type NotificationType = OpenNotificationParams["type"] | "warning";
export type AppNotificationParams = Omit<OpenNotificationParams, "type"> & { type: NotificationType };

/**
 * What Refine makes up by itself when a hook asked for nothing: a data call's outcome (keyed
 * `…-notification`) or an auth hook's failure (`login-error`, `register-error`…). Not shown: a failure
 * has already been reported by the request layer (or the call was silent and the screen shows it), and
 * a success is announced only where a screen says what it did, in the catalogs' words rather than
 * Refine's English. Toasts the app asks for carry no key.
 */
const isRefineFallback = (key: string | undefined): boolean => key !== undefined && /-(notification|error)$/.test(key);

/**
 * The one way a toast reaches the user: Refine's hooks (successNotification, useNotification) and the
 * request layer outside React (providers/notifier.ts) both open it here.
 */
export const notificationProvider: NotificationProvider & { open(params: AppNotificationParams): void } = {
  open: ({ type, message: title, description, key }: AppNotificationParams) => {
    if (isRefineFallback(key)) return;
    const text = description ? `${title}: ${description}` : title;
    toaster.show(type === "progress" ? "loading" : type, text, key);
  },
  close: (key) => toaster.close(key),
};

/**
 * A warning for useNotification().open, whose parameters Refine types without one; the provider
 * above shows it as a warning.
 */
export const warningNotice = (text: string): OpenNotificationParams =>
  ({ type: "warning", message: text }) as AppNotificationParams as OpenNotificationParams;
