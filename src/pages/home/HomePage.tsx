import { FileSearchOutlined, SafetyCertificateOutlined, SolutionOutlined } from "@ant-design/icons";
import { Card, Col, Row, Typography } from "antd";
import { Link } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../routes";

const features = [
  { key: "patnavi", icon: <FileSearchOutlined />, path: Paths.HOME },
  { key: "serviceFiles", icon: <SolutionOutlined />, path: Paths.SERVICE_FILES },
  { key: "certification", icon: <SafetyCertificateOutlined />, path: Paths.ACCREDITED_INSTITUTION },
] as const;

export default function HomePage() {
  const t = useT();
  return (
    <div className="page-container" data-testid="home-page">
      <section className="home-hero">
        <Typography.Title level={2}>{t("shell.home.heading")}</Typography.Title>
        <Typography.Paragraph type="secondary">{t("shell.home.intro")}</Typography.Paragraph>
      </section>
      <Row gutter={24}>
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
    </div>
  );
}
