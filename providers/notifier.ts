import { message } from "antd";

/** Where the request layer and the session code show their toasts. */
export interface Notifier {
  error(text: string): void;
  warning(text: string): void;
  success(text: string): void;
}

// antd's static API works outside React but ignores the theme and locale of <App>; the app swaps in
// App.useApp()'s message through setNotifier once it has mounted.
const staticNotifier: Notifier = {
  error: (text) => void message.error(text),
  warning: (text) => void message.warning(text),
  success: (text) => void message.success(text),
};

let current: Notifier = staticNotifier;

/** Pass null to go back to antd's static message. */
export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? staticNotifier;
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  warning: (text) => current.warning(text),
  success: (text) => current.success(text),
};
