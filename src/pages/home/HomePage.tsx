import { AppstoreOutlined, FileSearchOutlined, SafetyCertificateOutlined, SolutionOutlined } from "@ant-design/icons";
import { Button, Card, Col, Row, Space, Typography } from "antd";
import { Link } from "react-router";
import { MenuCode } from "../../../contract/menus";
import { useCanMenu } from "../../access";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../routes";
import { useStoredUser } from "../../session/storedUser";
import { PatentSearchBox } from "./PatentSearchBox";
import { ProductCard } from "./ProductCard";
import { usePatnaviHandoff } from "./usePatnaviHandoff";

const features = [
  { key: "serviceFiles", icon: <SolutionOutlined />, path: Paths.SERVICE_FILES },
  { key: "certification", icon: <SafetyCertificateOutlined />, path: Paths.ACCREDITED_INSTITUTION },
] as const;

export default function HomePage() {
  const t = useT();
  const { handOff, busy } = usePatnaviHandoff();
  // A visitor is offered the search and asked to sign in; a signed-in user only with the code the
  // hand-off call needs (SPEC 6), so staff are not shown a search that can only be refused.
  const canPatnavi = useCanMenu(MenuCode.PATNAVI);
  const signedIn = useStoredUser() !== null;
  const offersPatnavi = canPatnavi || !signedIn;

  return (
    <div className="page-container" data-testid="home-page">
      <section className="home-hero" style={{ marginBottom: 32 }}>
        <Typography.Title level={2}>{t("shell.home.heading")}</Typography.Title>
        <Typography.Paragraph type="secondary">{t("shell.home.intro")}</Typography.Paragraph>
        {offersPatnavi && (
          <Space direction="vertical" size="middle" style={{ width: "100%" }}>
            <PatentSearchBox busy={busy} onSearch={(keywords) => void handOff({ patNaviRedirectTypeEnum: "PATENT_LIST", keywords })} />
            <Button
              type="link"
              icon={<AppstoreOutlined />}
              style={{ paddingLeft: 0 }}
              onClick={() => void handOff({ code: "A4" })}
              data-testid="home-platform-link"
            >
              {t("account.home.platformLink")}
            </Button>
          </Space>
        )}
      </section>
      <Row gutter={24}>
        <Col span={8}>
          <Card>
            <Card.Meta
              avatar={<FileSearchOutlined style={{ fontSize: 32, color: "var(--brand)" }} />}
              title={t("shell.home.features.patnavi.title")}
              description={t("shell.home.features.patnavi.description")}
            />
          </Card>
        </Col>
        {features.map((f) => (
          <Col span={8} key={f.key}>
            <Link to={f.path}>
              <Card hoverable>
                <Card.Meta
                  avatar={<span style={{ fontSize: 32, color: "var(--brand)" }}>{f.icon}</span>}
                  title={t(`shell.home.features.${f.key}.title`)}
                  description={t(`shell.home.features.${f.key}.description`)}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Row gutter={24} style={{ marginTop: 24 }}>
        <Col span={8}>
          <ProductCard />
        </Col>
      </Row>
    </div>
  );
}
