import { useTable } from "@refinedev/antd";
import { Tag } from "antd";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { ARCHIVE_PAGE_SIZE } from "../../contract/limits";
import { Paths } from "../../contract/paths";
import type { TimelineEvent } from "../../contract/serviceRecord";
import type { Translate } from "../../i18n/types";
import { ListTable, type ListColumn } from "../../src/components/ListTable";
import { useT } from "../../src/i18n/I18nContext";
import { changedFieldName, changedValueText } from "./recordChanges";

/** What happened, in a sentence. */
function eventText(event: TimelineEvent, t: Translate): string {
  const actor = event.actor ?? t("archive.columns.empty");
  switch (event.kind) {
    case "visit":
      return t("archive.timeline.visit", { actor });
    case "recordEdit":
      return t("archive.timeline.recordEdit", { actor, field: changedFieldName(event.field ?? "", t) });
    case "recordVoid":
      return t("archive.timeline.recordVoid", { actor });
    case "answer":
      return t("archive.timeline.answer", { actor, question: event.question ?? event.questionNo ?? "" });
  }
}

/** The event's particulars: who visited and how it went, a change's before and after, a voiding's reason. */
function eventDetail(event: TimelineEvent, t: Translate): string {
  switch (event.kind) {
    case "visit":
      return [event.researchers && t("archive.timeline.visitResearchers", { researchers: event.researchers }), event.evaluation && t(`archive.evaluation.${event.evaluation}`)]
        .filter(Boolean)
        .join(" · ");
    case "recordEdit":
      return t("archive.timeline.change", { before: changedValueText(event.field ?? "", event.before, t), after: changedValueText(event.field ?? "", event.after, t) });
    case "recordVoid":
      return t("archive.voiding.bannerReason", { reason: event.after ?? "" });
    case "answer":
      return t("archive.timeline.change", { before: changedValueText("", event.before, t), after: changedValueText("", event.after, t) });
  }
}

/**
 * The archive's 动态 tab (issue 11): the company's visits, record edits and voidings and answer
 * changes, newest first. A visit or a record's change opens the record (its view shows the
 * history); an answer's change opens that question's history.
 */
export function CompanyTimeline({ compId, onAnswerHistory }: { compId: number; onAnswerHistory: (questionNo: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { tableProps } = useTable<TimelineEvent>({
    resource: "timeline",
    syncWithLocation: false,
    pagination: { pageSize: ARCHIVE_PAGE_SIZE },
    filters: { permanent: [{ field: "compId", operator: "eq", value: compId }] },
  });
  const columns = useMemo<ListColumn<TimelineEvent>[]>(
    () => [
      { title: t("archive.recordHistory.columns.editedAt"), dataIndex: "time", valueType: "dateTime", width: 180 },
      {
        title: t("archive.tabs.timeline"),
        key: "event",
        render: (_, event) => (
          <>
            {eventText(event, t)}
            {event.voided && <Tag style={{ marginInlineStart: 8 }}>{t("archive.timeline.voided")}</Tag>}
            <div>{eventDetail(event, t)}</div>
          </>
        ),
      },
      {
        title: t("archive.columns.operation"),
        key: "operation",
        valueType: "option",
        width: 120,
        render: (_, event) =>
          event.recordId !== null ? (
            <a
              role="button"
              data-testid={`timeline-record-${event.key}`}
              onClick={() =>
                navigate(`${Paths.SERVICE_FILES_DETAILS}?${new URLSearchParams({ compId: String(compId), id: String(event.recordId), disable: "true" }).toString()}`, {
                  state: { fromList: true },
                })
              }
            >
              {t("archive.timeline.openRecord")}
            </a>
          ) : (
            <a role="button" data-testid={`timeline-history-${event.key}`} onClick={() => event.questionNo && onAnswerHistory(event.questionNo)}>
              {t("archive.timeline.openHistory")}
            </a>
          ),
      },
    ],
    [t, compId, navigate, onAnswerHistory],
  );
  return (
    <ListTable<TimelineEvent>
      testId="timeline-table"
      rowKey="key"
      tableProps={tableProps}
      columns={columns}
      emptyText={t("archive.timeline.empty")}
      wrapCells
      pagination={{ showTotal: (total) => t("archive.table.total", { total }), showSizeChanger: false }}
    />
  );
}
