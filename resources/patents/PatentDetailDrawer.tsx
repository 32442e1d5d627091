import { useNotification, useOne } from "@refinedev/core";
import { Alert, Button, Descriptions, Drawer, Dropdown, Space, Spin } from "antd";
import { useState, type ReactNode } from "react";
import { normaliseIpc } from "../../contract/patents/segments";
import { PATENT_WATCH_APPLICANT_MAX, PATENT_WATCH_NAME_MAX, type PatentWatchBody } from "../../contract/schemas/patentWatches";
import type { PatentDetail } from "../../contract/schemas/patents";
import { useT } from "../../src/i18n/I18nContext";
import { usePatnaviHandoff } from "../../src/pages/home/usePatnaviHandoff";
import { saveWatch } from "./watchCalls";

/** The watches a patent offers: each of its applicants, and the main group of its main IPC code (H01L21/56 → H01L21). */
export function watchesOffered(patent: Pick<PatentDetail, "applicants" | "mainIpc" | "ipc">): PatentWatchBody[] {
  const offered: PatentWatchBody[] = patent.applicants
    .filter((name) => name.trim() !== "" && name.length <= PATENT_WATCH_APPLICANT_MAX)
    .map((name) => ({ kind: "applicant", name: name.slice(0, PATENT_WATCH_NAME_MAX), applicant: name }));
  const code = normaliseIpc(patent.mainIpc ?? patent.ipc[0] ?? "");
  const group = code?.split("/")[0];
  if (group && group.length > 4) offered.push({ kind: "ipc", name: group, ipc: group });
  return offered;
}

/** 关注: the patent's applicants and IPC group, each saved as a watch of the user's. */
function WatchMenu({ patent }: { patent: PatentDetail }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [busy, setBusy] = useState(false);
  const offered = watchesOffered(patent);
  if (offered.length === 0) return null;
  const save = async (watch: PatentWatchBody) => {
    setBusy(true);
    try {
      const saved = await saveWatch(watch);
      toast?.({ type: "success", message: t("patents.watches.saved", { name: saved.name }) });
    } catch {
      // The http layer has shown the server's reason (the bound, the same watch twice).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: offered.map((watch, index) => ({
          key: String(index),
          "data-testid": `patent-watch-offer-${index}`,
          label: watch.kind === "applicant" ? t("patents.watches.watchApplicant", { name: watch.applicant ?? "" }) : t("patents.watches.watchIpc", { code: watch.ipc ?? "" }),
        })),
        onClick: ({ key }) => void save(offered[Number(key)]),
      }}
    >
      <Button loading={busy} data-testid="patent-watch-menu">
        {t("patents.watches.menu")}
      </Button>
    </Dropdown>
  );
}

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
          <Space>
            <WatchMenu patent={patent} />
            <Button
              type="primary"
              loading={busy}
              data-testid="patent-full-text"
              onClick={() => void handOff({ patNaviRedirectTypeEnum: "PATENT_LIST", keywords: patent.publicationNumber })}
            >
              {t("patents.detail.fullText")}
            </Button>
          </Space>
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
