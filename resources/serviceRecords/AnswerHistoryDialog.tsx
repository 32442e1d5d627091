import { useTable } from "@refinedev/antd";
import { Button } from "antd";
import { useMemo } from "react";
import type { HistoryEntry } from "../../contract/answers";
import { DraggableModal } from "../../src/components/DraggableModal";
import { ListTable, type ListColumn } from "../../src/components/ListTable";
import { useT } from "../../src/i18n/I18nContext";

const HISTORY_WIDTH = 960;

function HistoryTable({ compId, questionNo }: { compId: number; questionNo: string }) {
  const t = useT();
  // SPEC 9: the whole history in one request (current 1, size 1000), hence pagination off.
  const { tableProps } = useTable<HistoryEntry>({
    resource: "serviceAnswers",
    syncWithLocation: false,
    pagination: { mode: "off" },
    filters: {
      permanent: [
        { field: "compId", operator: "eq", value: compId },
        { field: "questionNo", operator: "eq", value: questionNo },
      ],
    },
  });
  const columns = useMemo<ListColumn<HistoryEntry>[]>(
    () => [
      { title: t("archive.historyDialog.index"), key: "index", valueType: "index", width: 70 },
      { title: t("archive.historyDialog.editor"), dataIndex: "createBy", valueType: "text", width: 120 },
      { title: t("archive.historyDialog.time"), dataIndex: "createDate", valueType: "dateTime", width: 180 },
      { title: t("archive.historyDialog.before"), dataIndex: "historyAnswer", valueType: "text" },
      { title: t("archive.historyDialog.after"), dataIndex: "currentAnswer", valueType: "text" },
    ],
    [t],
  );
  return (
    <ListTable<HistoryEntry>
      testId="history-table"
      tableProps={tableProps}
      columns={columns}
      emptyText={t("archive.table.noData")}
      wrapCells
    />
  );
}

/** SPEC 2 history dialog, 960 px: index, editor, time, answer before, answer after; Close. */
export function AnswerHistoryDialog({
  compId,
  questionNo,
  onClose,
}: {
  compId: number;
  questionNo: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DraggableModal
      open={questionNo !== undefined}
      title={t("archive.historyDialog.title")}
      width={HISTORY_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t("archive.historyDialog.close")}</Button>}
    >
      <div data-testid="history-dialog">{questionNo !== undefined && <HistoryTable compId={compId} questionNo={questionNo} />}</div>
    </DraggableModal>
  );
}
