import { Typography } from "antd";
import type { ReactNode } from "react";
import { useT } from "../../i18n/I18nContext";

/** A personal-center page: its title above its content, beside the layout's side menu. */
export function UserCenterPanel({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <>
      <Typography.Title level={1} className="page-title page-title--panel">
        {t(title)}
      </Typography.Title>
      {children}
    </>
  );
}
