import { useTable } from "@refinedev/antd";
import { Button } from "antd";
import { useMemo, type ReactNode } from "react";
import type { HistoryEntry } from "../../contract/answers";
import { DraggableModal } from "../../src/components/DraggableModal";
import { ListTable, type ListColumn } from "../../src/components/ListTable";
import { useT } from "../../src/i18n/I18nContext";
import { diffAnswers, type DiffPart } from "./answerDiff";
import "./answerDiff.css";

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
  const columns = useMemo<ListColumn<HistoryEntry>[]>(() => {
    // Each entry's diff is worked out once, when its row is first drawn (the rows are the query's
    // objects, kept across renders).
    const diffs = new WeakMap<HistoryEntry, DiffPart[]>();
    const diffOf = (row: HistoryEntry) => {
      let parts = diffs.get(row);
      if (!parts) {
        parts = diffAnswers(row.historyAnswer ?? "", row.currentAnswer ?? "");
        diffs.set(row, parts);
      }
      return parts;
    };
    const marks = {
      insert: { start: t("archive.historyDialog.insertedStart"), end: t("archive.historyDialog.insertedEnd") },
      delete: { start: t("archive.historyDialog.deletedStart"), end: t("archive.historyDialog.deletedEnd") },
    };
    const side = (which: "before" | "after") => (shown: ReactNode, row: HistoryEntry) => {
      const text = which === "before" ? row.historyAnswer : row.currentAnswer;
      return text ? <DiffText parts={diffOf(row)} side={which} marks={marks} testId={`history-${which}`} /> : shown;
    };
    return [
      { title: t("archive.historyDialog.index"), key: "index", valueType: "index", width: 70 },
      { title: t("archive.historyDialog.editor"), dataIndex: "createBy", valueType: "text", width: 120 },
      { title: t("archive.historyDialog.time"), dataIndex: "createDate", valueType: "dateTime", width: 180 },
      { title: t("archive.historyDialog.before"), dataIndex: "historyAnswer", valueType: "text", render: side("before") },
      { title: t("archive.historyDialog.after"), dataIndex: "currentAnswer", valueType: "text", render: side("after") },
    ];
  }, [t]);
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

type Marks = Record<"insert" | "delete", { start: string; end: string }>;

/**
 * One side of an edit: the answer before it with what was removed struck through (<del>), or the
 * answer after it with what was added underlined (<ins>). Screen readers are told where each starts
 * and ends (answerDiff.css reads the marks from data attributes).
 */
function DiffText({ parts, side, marks, testId }: { parts: readonly DiffPart[]; side: "before" | "after"; marks: Marks; testId: string }) {
  const changed = side === "before" ? "delete" : "insert";
  return (
    <span className="answer-diff" data-testid={testId}>
      {parts.map((part, index) => {
        if (part.type === "equal") return part.text;
        if (part.type !== changed) return null;
        const Mark = part.type === "insert" ? "ins" : "del";
        return (
          <Mark key={index} data-start={marks[part.type].start} data-end={marks[part.type].end}>
            {part.text}
          </Mark>
        );
      })}
    </span>
  );
}

/**
 * SPEC 2 history dialog, 960 px: index, editor, time, answer before, answer after; Close. The two
 * answers show what the edit removed and added.
 */
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
