import { message as antdMessage } from "antd";
import { useEffect } from "react";
import { setToaster } from "../../providers/notificationProvider";

/**
 * Draws every toast through antd's message hook, whose holder renders here inside the ConfigProvider,
 * so they follow the theme and language. (Not antd's <App>: its modal and notification holders, which
 * the app does not use, weighed about 20 KB gzip on every first load; issue 10 item 8.)
 */
export function Notifications() {
  const [message, holder] = antdMessage.useMessage();
  useEffect(() => {
    setToaster({
      show: (type, text, key) => void message.open({ type, content: text, key }),
      close: (key) => message.destroy(key),
    });
    return () => setToaster(null);
  }, [message]);
  return holder;
}
