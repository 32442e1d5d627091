import { useOne } from "@refinedev/core";
import { Alert, Button, Descriptions, Drawer, Spin } from "antd";
import type { ReactNode } from "react";
import type { PatentDetail } from "../../contract/schemas/patents";
import { useT } from "../../src/i18n/I18nContext";
import { usePatnaviHandoff } from "../../src/pages/home/usePatnaviHandoff";

/** One patent's every field; its full text is on the outside platform, reached by the home page's hand-off. */
export function PatentDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const { result: patent, query } = useOne<PatentDetail>({ resource: "patents", id, meta: { request: { silent: true } }, queryOptions: { retry: false } });
  const { handOff, busy } = usePatnaviHandoff();
  const none = t("patents.columns.empty");
  const text = (value: string | number | null | undefined): ReactNode => (value === null || value === undefined || value === "" ? none : String(value));
  const list = (values: readonly string[]): ReactNode => (values.length === 0 ? none : values.join("；"));

  const items = patent
    ? [
        { key: "publicationNumber", value: text(patent.publicationNumber) },
        { key: "applicationNumber", value: text(patent.applicationNumber) },
        { key: "title", value: text(patent.title) },
        { key: "abstract", value: text(patent.abstract) },
        { key: "applicants", value: list(patent.applicants) },
        { key: "inventors", value: list(patent.inventors) },
        { key: "applyDate", value: text(patent.applyDate) },
        { key: "publicationDate", value: text(patent.publicationDate) },
        { key: "grantDate", value: text(patent.grantDate) },
        { key: "patentType", value: t(`patents.types.${patent.patentType}`) },
        { key: "legalStatus", value: t(`patents.statuses.${patent.legalStatus}`) },
        { key: "mainIpc", value: text(patent.mainIpc) },
        { key: "ipc", value: list(patent.ipc) },
        { key: "cpc", value: list(patent.cpc) },
        { key: "applicantAddress", value: text(patent.applicantAddress) },
        { key: "province", value: text(patent.province) },
        { key: "city", value: text(patent.city) },
        { key: "district", value: text(patent.district) },
        { key: "creditCode", value: text(patent.creditCode) },
        { key: "priorityNumbers", value: list(patent.priorityNumbers) },
        { key: "family", value: list(patent.family) },
        { key: "citedBy", value: text(patent.citedBy) },
        { key: "jurisdiction", value: text(patent.jurisdiction) },
      ]
    : [];

  return (
    <Drawer
      open
      width={720}
      title={t("patents.detail.title")}
      onClose={onClose}
      closeIcon={<span aria-label={t("patents.detail.close")}>✕</span>}
      extra={
        patent && (
          <Button
            type="primary"
            loading={busy}
            data-testid="patent-full-text"
            onClick={() => void handOff({ patNaviRedirectTypeEnum: "PATENT_LIST", keywords: patent.publicationNumber })}
          >
            {t("patents.detail.fullText")}
          </Button>
        )
      }
    >
      {query.isLoading && <Spin />}
      {query.isError && <Alert type="error" showIcon message={query.error?.message || t("patents.detail.failed")} />}
      {patent && (
        <Descriptions
          column={1}
          bordered
          size="small"
          data-testid="patent-detail"
          items={[
            ...items.map(({ key, value }) => ({ key, label: t(`patents.fields.${key}`), children: <span data-testid={`patent-detail-${key}`}>{value}</span> })),
            {
              key: "segments",
              label: t("patents.search.segment"),
              children: patent.segments.length === 0 ? none : patent.segments.map((segment) => t(`companies.segments.${segment}`)).join("、"),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
