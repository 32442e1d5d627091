import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Row, Spin, Statistic, Table, Typography } from "antd";
import { Link } from "react-router";
import type { Envelope } from "../../contract/envelope";
import { Paths } from "../../contract/paths";
import type { CompanyPatentProfile as Profile, PatentRow } from "../../contract/schemas/patents";
import { customCall } from "../../providers/endpoints";
import { useT } from "../../src/i18n/I18nContext";
import { slotted } from "./patentCalls";
import { patentProfiles } from "./resource";
import "./patents.css";

interface Counted {
  name: string;
  count: number;
}

/** One breakdown as a small two-column table (a figure per line reads better than a chart at ten entries). */
function Breakdown({ title, rows, testId }: { title: string; rows: Counted[]; testId: string }) {
  const t = useT();
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Table<Counted>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={rows}
        showHeader={false}
        locale={{ emptyText: <span className="patent-empty">{t("patents.profile.none")}</span> }}
        columns={[
          { key: "name", dataIndex: "name" },
          { key: "count", dataIndex: "count", align: "right", render: (count: number) => count.toLocaleString() },
        ]}
      />
    </Card>
  );
}

/** The address of the search list narrowed to the company (Refine's filters in the address). */
const searchOfCompany = (compId: number) =>
  `${Paths.PATENTS}?${new URLSearchParams({ "filters[0][field]": "compId", "filters[0][operator]": "eq", "filters[0][value]": String(compId) }).toString()}`;

/**
 * A company's 专利画像 (issue 12): its patents counted by type, status and application year, its top
 * IPC main groups and chain segments, and the latest; in the archive's tab and the member's personal center.
 */
export function CompanyPatentProfile({ compId }: { compId: number }) {
  const t = useT();
  const { result, query } = useCustom<Envelope<Profile>>({
    ...customCall(patentProfiles.actions.company, { silent: true }),
    url: slotted(patentProfiles.actions.company.url, "compId", compId),
    queryOptions: { retry: false },
  });
  const profile = result.data?.result;
  if (query.isLoading) return <Spin />;
  if (!profile) return <Alert type="error" showIcon message={query.error?.message || t("patents.profile.failed")} />;

  const latestColumns = [
    { key: "publicationNumber", dataIndex: "publicationNumber", title: t("patents.columns.publicationNumber") },
    { key: "title", dataIndex: "title", title: t("patents.columns.title") },
    { key: "applyDate", dataIndex: "applyDate", title: t("patents.columns.applyDate") },
    { key: "patentType", dataIndex: "patentType", title: t("patents.columns.patentType"), render: (type: string) => t(`patents.types.${type}`) },
    { key: "legalStatus", dataIndex: "legalStatus", title: t("patents.columns.legalStatus"), render: (status: string) => t(`patents.statuses.${status}`) },
  ];

  return (
    <div data-testid="patent-profile">
      <Row gutter={16} align="middle" style={{ marginBottom: 16 }}>
        <Col>
          <Statistic title={t("patents.profile.total")} value={profile.total} valueRender={() => <span data-testid="patent-profile-total">{profile.total}</span>} />
        </Col>
        <Col>
          <Typography.Text>{t(`patents.profile.matchedBy.${profile.matchedBy}`)}</Typography.Text>
        </Col>
        <Col>
          <Link to={searchOfCompany(profile.compId)} data-testid="patent-profile-search">
            {t("patents.profile.searchAll")}
          </Link>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Breakdown title={t("patents.profile.byType")} testId="patent-profile-type" rows={profile.byType.map(({ key, count }) => ({ name: t(`patents.types.${key}`), count }))} />
        </Col>
        <Col xs={24} md={8}>
          <Breakdown title={t("patents.profile.byStatus")} testId="patent-profile-status" rows={profile.byStatus.map(({ key, count }) => ({ name: t(`patents.statuses.${key}`), count }))} />
        </Col>
        <Col xs={24} md={8}>
          <Breakdown title={t("patents.profile.segments")} testId="patent-profile-segments" rows={profile.segments.map(({ segment, count }) => ({ name: t(`companies.segments.${segment}`), count }))} />
        </Col>
        <Col xs={24} md={12}>
          <Breakdown title={t("patents.profile.byYear")} testId="patent-profile-year" rows={profile.byYear.map(({ key, count }) => ({ name: key, count }))} />
        </Col>
        <Col xs={24} md={12}>
          <Breakdown title={t("patents.profile.ipcGroups")} testId="patent-profile-ipc" rows={profile.ipcGroups.map(({ code, count }) => ({ name: code, count }))} />
        </Col>
        <Col span={24}>
          <Card size="small" title={t("patents.profile.latest")}>
            <Table<PatentRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={profile.latest}
              columns={latestColumns}
              locale={{ emptyText: <span className="patent-empty">{t("patents.profile.none")}</span> }}
              data-testid="patent-profile-latest"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
