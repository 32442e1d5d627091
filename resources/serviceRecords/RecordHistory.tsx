import { useTable } from "@refinedev/antd";
import { Typography } from "antd";
import { useMemo } from "react";
import type { RecordChange } from "../../contract/serviceRecord";
import { ListTable, type ListColumn } from "../../src/components/ListTable";
import { useT } from "../../src/i18n/I18nContext";
import { changedFieldName, changedValueText } from "./recordChanges";

/** A visit record's changes on its view, newest first (issue 11): each field edited, before and after, who and when; and a voiding. */
export function RecordHistory({ id }: { id: number }) {
  const t = useT();
  const { tableProps } = useTable<RecordChange>({
    resource: "recordChanges",
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: [{ field: "id", operator: "eq", value: id }] },
  });
  const columns = useMemo<ListColumn<RecordChange>[]>(
    () => [
      { title: t("archive.recordHistory.columns.editedAt"), dataIndex: "editedAt", valueType: "dateTime", width: 180 },
      { title: t("archive.recordHistory.columns.editor"), dataIndex: "editor", valueType: "text", width: 120 },
      { title: t("archive.recordHistory.columns.field"), key: "field", width: 140, render: (_, row) => changedFieldName(row.field, t) },
      { title: t("archive.recordHistory.columns.before"), key: "before", render: (_, row) => changedValueText(row.field, row.before, t) },
      { title: t("archive.recordHistory.columns.after"), key: "after", render: (_, row) => changedValueText(row.field, row.after, t) },
    ],
    [t],
  );
  return (
    <section aria-labelledby="record-history-title" style={{ marginTop: 24 }}>
      <Typography.Title level={3} id="record-history-title" className="section-title">
        {t("archive.recordHistory.title")}
      </Typography.Title>
      {/* A record never changed says so in a sentence rather than as an empty table. */}
      {!tableProps.loading && tableProps.dataSource?.length === 0 ? (
        <p data-testid="record-history-empty">{t("archive.recordHistory.empty")}</p>
      ) : (
        <ListTable<RecordChange> testId="record-history" tableProps={tableProps} columns={columns} wrapCells />
      )}
    </section>
  );
}
