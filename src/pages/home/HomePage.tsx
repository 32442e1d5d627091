import { AppstoreOutlined, FileSearchOutlined, SafetyCertificateOutlined, SolutionOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { Button, Card, Col, Row, Space, Typography } from "antd";
import { Link } from "react-router";
import { MenuCode } from "../../../contract/menus";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";
import { useStoredUser } from "../../../providers/session/storedUser";
import { PatentSearchBox } from "./PatentSearchBox";
import "./home.css";
import { ProductCard } from "./ProductCard";
import { usePatnaviHandoff } from "./usePatnaviHandoff";

const features = [
  {
    key: "serviceFiles",
    icon: <SolutionOutlined aria-hidden />,
    path: Paths.SERVICE_FILES,
    access: { resource: "serviceRecords", action: "list", params: { menuCode: MenuCode.SERVICE_FILES } },
  },
  {
    key: "certification",
    icon: <SafetyCertificateOutlined aria-hidden />,
    path: Paths.ACCREDITED_INSTITUTION,
    access: { resource: "certifications", action: "create", params: { menuCode: MenuCode.CERTIFICATION_APPLY } },
  },
] as const;

function FeatureCard({ feature }: { feature: (typeof features)[number] }) {
  const t = useT();
  // Like the search: a visitor follows the link and is asked to sign in; a signed-in user without
  // the feature's code sees what the platform offers, without a link its page would refuse (SPEC 6).
  const allowed = useCan(feature.access).data?.can === true;
  const signedIn = useStoredUser() !== null;
  const offered = allowed || !signedIn;
  const card = (
    <Card hoverable={offered} className="home-card" data-testid={`home-feature-${feature.key}`}>
      <Card.Meta
        avatar={<span style={{ fontSize: 32, color: "var(--brand)" }}>{feature.icon}</span>}
        title={t(`shell.home.features.${feature.key}.title`)}
        description={t(`shell.home.features.${feature.key}.description`)}
      />
    </Card>
  );
  return offered ? (
    <Link to={feature.path} className="home-card__link">
      {card}
    </Link>
  ) : (
    card
  );
}

export default function HomePage() {
  const t = useT();
  const { handOff, busy } = usePatnaviHandoff();
  // A visitor is offered the search and asked to sign in; a signed-in user only with the code the
  // hand-off call needs (SPEC 6), so staff are not shown a search that can only be refused.
  const canPatnavi = useCan({ resource: "patnavi", action: "search", params: { menuCode: MenuCode.PATNAVI } }).data?.can === true;
  const signedIn = useStoredUser() !== null;
  const offersPatnavi = canPatnavi || !signedIn;

  return (
    <div className="page-container" data-testid="home-page">
      <section className="home-hero" style={{ marginBottom: 32 }}>
        <Typography.Title level={1} className="page-title page-title--hero">{t("shell.home.heading")}</Typography.Title>
        <Typography.Paragraph type="secondary">{t("shell.home.intro")}</Typography.Paragraph>
        {offersPatnavi && (
          <Space direction="vertical" size="middle" style={{ width: "100%" }}>
            <PatentSearchBox busy={busy} onSearch={(keywords) => void handOff({ patNaviRedirectTypeEnum: "PATENT_LIST", keywords })} />
            <Button
              type="link"
              icon={<AppstoreOutlined aria-hidden />}
              style={{ paddingLeft: 0 }}
              onClick={() => void handOff({ code: "A4" })}
              data-testid="home-platform-link"
            >
              {t("account.home.platformLink")}
            </Button>
          </Space>
        )}
      </section>
      {/* The three features and the AI product (SPEC 1): one row of four on a wide screen, two by two below. */}
      <Row gutter={[24, 24]} className="home-cards">
        <Col xs={24} sm={12} xl={6}>
          <Card className="home-card">
            <Card.Meta
              avatar={<FileSearchOutlined aria-hidden style={{ fontSize: 32, color: "var(--brand)" }} />}
              title={t("shell.home.features.patnavi.title")}
              description={t("shell.home.features.patnavi.description")}
            />
          </Card>
        </Col>
        {features.map((f) => (
          <Col xs={24} sm={12} xl={6} key={f.key}>
            <FeatureCard feature={f} />
          </Col>
        ))}
        <Col xs={24} sm={12} xl={6}>
          <ProductCard />
        </Col>
      </Row>
    </div>
  );
}
