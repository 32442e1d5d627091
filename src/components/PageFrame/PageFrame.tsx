import { Breadcrumb, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/I18nContext";

export interface Crumb {
  /** i18n key */
  title: string;
  path?: string;
}

/** The frame every content page sits in: breadcrumb, title, and the page's own content. */
export function PageFrame({
  title,
  crumbs,
  extra,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="page-container" data-testid="page-frame">
      {crumbs && (
        <Breadcrumb
          style={{ marginBottom: 16 }}
          items={crumbs.map((c) => ({ title: c.path ? <Link to={c.path}>{t(c.title)}</Link> : t(c.title) }))}
        />
      )}
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
        <Typography.Title level={1} className="page-title">
          {t(title)}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </div>
  );
}
