import { ExclamationCircleFilled } from "@ant-design/icons";
import { Button, theme } from "antd";
import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useT } from "../i18n/I18nContext";

interface State {
  failed: boolean;
}

class Boundary extends Component<{ children: ReactNode; retryText: string; message: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("page failed to load", error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PageError message={this.props.message} retryText={this.props.retryText} />;
  }
}

/**
 * What antd's <Result status="warning"> draws, with its measures and colours, drawn here: Result
 * brings the illustrations of its 403, 404 and 500 states (about 10 KB gzip), which the first load of
 * every page would otherwise carry (issue 10 item 8).
 */
function PageError({ message, retryText }: { message: string; retryText: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px`, textAlign: "center" }}>
      <div style={{ marginBottom: token.paddingLG }}>
        <ExclamationCircleFilled aria-hidden style={{ fontSize: token.fontSizeHeading3 * 3, color: token.colorWarning }} />
      </div>
      <div
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          marginBlock: token.marginXS,
        }}
      >
        {message}
      </div>
      <div style={{ marginTop: token.paddingLG }}>
        <Button onClick={() => window.location.reload()}>{retryText}</Button>
      </div>
    </div>
  );
}

/** A page that fails to load (its chunk timed out, say) breaks only itself; navigating away resets it. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname} message={t("shell.pageError.title")} retryText={t("shell.pageError.retry")}>
      {children}
    </Boundary>
  );
}
