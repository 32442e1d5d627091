import { useCan, useCustom, useOne } from "@refinedev/core";
import { Tabs, Typography } from "antd";
import { useRef, useState } from "react";
import type { Envelope } from "../../contract/envelope";
import { MenuCode } from "../../contract/menus";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import type { Dimension } from "./archiveCalls";
import { serviceRecords } from "./resource";
import { customCall } from "../../providers/endpoints";
import { archiveCrumbs } from "./crumbs";
import { ExportAllButton } from "./ExportAllButton";
import { QuestionTab, type QuestionTabHandle } from "./QuestionTab";
import { CompanyTimeline } from "./CompanyTimeline";
import { ServiceRecordList } from "./ServiceRecordList";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { useLeaveConfirmation } from "./useLeaveConfirmation";
import { lazyPart } from "../../src/lazyPage";

const RECORD_TAB = "record";
const TIMELINE_TAB = "timeline";
const PATENTS_TAB = "patents";
const AnswerHistoryDialog = lazyPart(async () => (await import("./AnswerHistoryDialog")).AnswerHistoryDialog);

const CompanyPatentProfile = lazyPart(async () => (await import("../patents/CompanyPatentProfile")).CompanyPatentProfile);

const isIpDimension = (dimension: Dimension): boolean => [true, 1, "1", "true"].includes(dimension.isIp);

/** SPEC 2 /serviceFiles?id={compId}: the company's service records and dimension questionnaires (ServiceFilesPage.tsx). */
export default function CompanyArchive({ compId }: { compId: number }) {
  const t = useT();
  const canReadPatents = useCan({ resource: "patents", action: "list", params: { menuCode: MenuCode.PATENT_SEARCH } }).data?.can === true;
  const canExport = useCan({ resource: "serviceRecords", action: "export", params: { menuCode: MenuCode.SERVICE_FILES_EXPORT } }).data?.can === true;
  const [active, setActive] = useState(RECORD_TAB);
  const [historyOf, setHistoryOf] = useState<string | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const openTab = useRef<QuestionTabHandle>(null);
  // Leaving the page or logging out asks; a change of tab is handled by `change` below.
  const { dialog: leaving } = useLeaveConfirmation({
    dirty,
    save: async () => (await openTab.current?.save()) ?? true,
    discard: () => openTab.current?.discard(),
  });

  const { result } = useCustom<Envelope<Dimension[]>>(customCall(serviceRecords.actions.dimensions));
  const dimensions = result.data?.result ?? [];
  const { result: company } = useOne<{ id: number; name: string }>({
    resource: "companies",
    id: compId,
  });

  const change = (key: string) => {
    if (dirty) setAsking(true);
    else setActive(key);
  };

  // SPEC 4: Save saves the tab and closes the dialog; Don't save discards the changes and the
  // previously selected tab stays active. Either way the user picks the next tab again.
  const saveAndClose = async () => {
    setSaving(true);
    const saved = (await openTab.current?.save()) ?? true;
    setSaving(false);
    if (saved) setAsking(false);
  };
  const discard = () => {
    openTab.current?.discard();
    setAsking(false);
  };

  const items = [
    {
      key: RECORD_TAB,
      label: <span data-testid="archive-tab-record">{t("archive.tabs.record")}</span>,
      children: <ServiceRecordList compId={compId} />,
    },
    {
      key: TIMELINE_TAB,
      label: <span data-testid="archive-tab-timeline">{t("archive.tabs.timeline")}</span>,
      children: <CompanyTimeline compId={compId} onAnswerHistory={setHistoryOf} />,
    },
    ...(canReadPatents
      ? [{ key: PATENTS_TAB, label: <span data-testid="archive-tab-patents">{t("patents.profile.title")}</span>, children: <CompanyPatentProfile compId={compId} /> }]
      : []),
    ...dimensions.map((dimension) => ({
      key: dimension.serviceNo,
      label: (
        <span data-testid={`archive-tab-${dimension.serviceNo}`}>
          {isIpDimension(dimension) && <span style={{ color: "#ff4d4f", marginRight: 4 }}>*</span>}
          {dimension.serviceName}
        </span>
      ),
      children: (
        <QuestionTab
          ref={active === dimension.serviceNo ? openTab : undefined}
          compId={compId}
          serviceNo={dimension.serviceNo}
          onDirtyChange={setDirty}
        />
      ),
    })),
  ];

  return (
    <PageFrame
      title="shell.titles.serviceFiles"
      crumbs={archiveCrumbs}
      extra={canExport ? <ExportAllButton compId={compId} /> : undefined}
    >
      {company?.name && (
        <Typography.Title level={2} className="section-title" style={{ marginTop: 0 }} data-testid="archive-company">
          {company.name}
        </Typography.Title>
      )}
      <Tabs activeKey={active} onChange={change} items={items} destroyOnHidden />
      {historyOf !== undefined && <AnswerHistoryDialog compId={compId} questionNo={historyOf} onClose={() => setHistoryOf(undefined)} />}
      <UnsavedChangesDialog open={asking} saving={saving} onSave={() => void saveAndClose()} onDiscard={discard} />
      <UnsavedChangesDialog {...leaving} />
    </PageFrame>
  );
}
