import { Button, Result } from "antd";
import { Link } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";

export default function NotFoundPage() {
  const t = useT();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t("shell.notFound.title")}</h1>}
      subTitle={t("shell.notFound.description")}
      extra={
        <Link to={Paths.HOME}>
          <Button type="primary">{t("shell.notFound.backHome")}</Button>
        </Link>
      }
    />
  );
}
