import { useShow } from "@refinedev/core";
import { Alert, Button, Descriptions, Empty, Space, Spin, Tag, type DescriptionsProps } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import type { ServiceRecord } from "../../contract/serviceRecord";
import { downloadStoredFile } from "../../src/components/FileUpload/downloadFile";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { archiveCrumbs } from "./crumbs";
import { RecordHistory } from "./RecordHistory";
import { VoidRecordModal } from "./VoidRecordModal";
import "./serviceRecordShow.css";

/** The record's fields in the form's order, then who wrote and last changed it, and when. */
const TEXT_FIELDS = ["researchers", "contactPerson", "contactPersonPhone", "contactPersonPosition", "cooperativePartner", "belongCustomer", "businessOpportunity"] as const;

/**
 * SPEC 2 /serviceFilesDetails?id&disable=true: one visit record to read, every field as text, with
 * its change history; its author and administrators edit or void it from here (issue 11). A
 * failed load is only logged (SPEC 8) and leaves the page saying the record is not there.
 */
export function ServiceRecordShow({ id, onBack, onEdit }: { id: number | undefined; onBack: () => void; onEdit: (record: ServiceRecord) => void }) {
  const t = useT();
  const [voiding, setVoiding] = useState(false);
  const { query, result: record } = useShow<ServiceRecord>({
    resource: "serviceRecords",
    id,
    meta: { request: { silent: true } },
    queryOptions: { enabled: id !== undefined, retry: false },
  });

  const loadError = query.error;
  useEffect(() => {
    if (loadError) console.error("serviceFilesDetails: the record could not be loaded", loadError);
  }, [loadError]);

  let body: ReactNode;
  if (id !== undefined && query.isLoading) body = <Spin style={{ display: "block", margin: "40px auto" }} />;
  else if (!record) body = <Empty description={t("archive.view.missing")} />;
  else
    body = (
      <>
        {record.voided && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t("archive.voiding.banner", { name: record.voidedBy ?? "", time: record.voidedAt ?? "" })}
            description={t("archive.voiding.bannerReason", { reason: record.voidReason ?? "" })}
            data-testid="record-voided"
          />
        )}
        <Descriptions bordered column={1} styles={{ label: { width: 200 } }} items={recordItems(record, t)} data-testid="service-record-view" />
        {/* A new version has new changes: the history is read again after an edit or a voiding. */}
        <RecordHistory key={record.version} id={record.id} />
      </>
    );

  return (
    <PageFrame
      title="shell.titles.serviceFilesDetails"
      crumbs={archiveCrumbs}
      extra={
        <Space>
          <Button onClick={onBack} data-testid="record-back">
            {t("archive.form.back")}
          </Button>
          {record?.editable && (
            <>
              <Button danger onClick={() => setVoiding(true)} data-testid="record-void">
                {t("archive.voiding.button")}
              </Button>
              <Button type="primary" onClick={() => onEdit(record)} data-testid="record-edit">
                {t("archive.view.edit")}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {body}
      {voiding && record && (
        <VoidRecordModal
          id={record.id}
          version={record.version}
          onClose={(done) => {
            setVoiding(false);
            if (done) void query.refetch();
          }}
        />
      )}
    </PageFrame>
  );
}

function recordItems(record: ServiceRecord, t: ReturnType<typeof useT>): DescriptionsProps["items"] {
  const empty = t("archive.columns.empty");
  const text = (value: string | null) => (value === null || value.trim() === "" ? empty : value);
  const item = (key: string, label: string, children: ReactNode) => ({ key, label, children: <span data-testid={`view-${key}`}>{children}</span> });
  return [
    item(
      "compId",
      t("archive.form.compId"),
      <>
        {record.companyName}
        {record.voided && <Tag style={{ marginInlineStart: 8 }}>{t("archive.voiding.tag")}</Tag>}
      </>,
    ),
    ...TEXT_FIELDS.map((field) => item(field, t(`archive.form.${field}`), text(record[field]))),
    item("comprehensiveEvaluation", t("archive.form.comprehensiveEvaluation"), t(`archive.evaluation.${record.comprehensiveEvaluation}`)),
    item("isOpenPatnavi", t("archive.form.isOpenPatnavi"), t(`archive.accountOpen.${record.isOpenPatnavi}`)),
    item("mainBusiness", t("archive.form.mainBusiness"), <span className="service-record-show__long-text">{text(record.mainBusiness)}</span>),
    item(
      "serviceContent",
      t("archive.form.serviceContent"),
      // The server stores the editor's HTML only after its allow-list (server/modules/archive/richText.ts)
      // has cleaned it, so it is shown as the editor showed it.
      <div className="service-record-show__rich-text" dangerouslySetInnerHTML={{ __html: record.serviceContent }} />,
    ),
    item("serviceTime", t("archive.form.serviceTime"), record.serviceTime),
    item("nextFollowTime", t("archive.form.nextFollowTime"), text(record.nextFollowTime)),
    item("attachment", t("archive.form.attachment"), record.attachment ? <AttachmentLink id={record.attachment} name={record.attachmentName} /> : empty),
    item("createBy", t("archive.view.createBy"), record.createBy),
    item("createDate", t("archive.view.createDate"), record.createDate),
    item("updateBy", t("archive.view.updateBy"), record.updateBy),
    item("updateDate", t("archive.view.updateDate"), record.updateDate),
  ];
}

/** The attachment is served only with the reader's token, so it is fetched, not linked. */
function AttachmentLink({ id, name }: { id: string; name: string | null }) {
  const t = useT();
  const shown = name ?? t("archive.view.attachmentFallbackName");
  return (
    <Button
      type="link"
      style={{ padding: 0, height: "auto" }}
      // The http layer has shown why a download failed.
      onClick={() => downloadStoredFile(id, shown).catch(() => undefined)}
    >
      {shown}
    </Button>
  );
}
