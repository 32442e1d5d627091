import { Button, Result } from "antd";
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
    return (
      <Result
        status="warning"
        title={this.props.message}
        extra={<Button onClick={() => window.location.reload()}>{this.props.retryText}</Button>}
      />
    );
  }
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
