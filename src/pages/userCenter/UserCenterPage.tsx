import { Typography } from "antd";
import { useLocation } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { routeTitle } from "../../routes";

/** A personal-center page: its title above the content its issue brings. */
export default function UserCenterPage() {
  const t = useT();
  const key = routeTitle(useLocation().pathname);
  return (
    <Typography.Title level={4} style={{ marginTop: 0 }}>
      {key ? t(key) : null}
    </Typography.Title>
  );
}
