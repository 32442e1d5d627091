import { App } from "antd";
import { useEffect } from "react";
import { setToaster } from "../../providers/notificationProvider";

/** Draws every toast through antd's App context, so they follow the theme and language. */
export function Notifications() {
  const { message } = App.useApp();
  useEffect(() => {
    setToaster({
      show: (type, text, key) => void message.open({ type, content: text, key }),
      close: (key) => message.destroy(key),
    });
    return () => setToaster(null);
  }, [message]);
  return null;
}
