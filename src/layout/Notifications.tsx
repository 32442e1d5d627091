import { App } from "antd";
import { useEffect } from "react";
import { setNotifier } from "../../providers/notifier";

/** Routes the request layer's toasts through antd's App context, so they follow the theme and language. */
export function Notifications() {
  const { message } = App.useApp();
  useEffect(() => {
    setNotifier({
      error: (text) => void message.error(text),
      warning: (text) => void message.warning(text),
      success: (text) => void message.success(text),
    });
    return () => setNotifier(null);
  }, [message]);
  return null;
}
