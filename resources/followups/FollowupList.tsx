import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Radio, Space, Tag } from "antd";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { FOLLOWUP_DUES, FOLLOWUP_PAGE_MAX, type FollowupDue } from "../../contract/followups";
import { Paths } from "../../contract/paths";
import type { FollowupRow, FollowupSummary } from "../../contract/schemas/followups";
import { LIST_TABLE_OPTIONS, ListTable, type ListColumn } from "../../src/components/ListTable";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame, type Crumb } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { lazyPart } from "../../src/lazyPage";
import { fetchSummary, followupsChanged } from "./followupCalls";

const FollowupCloseModal = lazyPart(async () => (await import("./FollowupCloseModal")).FollowupCloseModal);

const TITLE = "followups.title";
const CRUMBS: Crumb[] = [{ title: "shell.titles.home", path: Paths.HOME }, { title: "shell.titles.serviceFiles", path: Paths.SERVICE_FILES }, { title: TITLE }];
const PAGE_SIZES = ["10", "50", String(FOLLOWUP_PAGE_MAX)];
const STATE_COLORS = { overdue: "red", today: "orange", upcoming: "blue" } as const;

/** The filter a list's Refine filters hold; all when none. */
export function dueOf(filters: readonly { field?: string; value?: unknown }[]): FollowupDue {
  const value = filters.find((f) => f.field === "due")?.value;
  return FOLLOWUP_DUES.includes(value as FollowupDue) ? (value as FollowupDue) : "all";
}

/**
 * 我的待跟进 (/followups): the follow-ups of the user's companies, the most overdue first, filtered
 * by when they fall due, each with its company's last visit. Recording the follow-up visit, or
 * closing it with a note, clears it.
 */
export default function FollowupList() {
  const t = useT();
  const navigate = useNavigate();
  const [closing, setClosing] = useState<FollowupRow | null>(null);
  const [summary, setSummary] = useState<FollowupSummary | null>(null);
  const { tableProps, tableQuery, filters, setFilters } = useTable<FollowupRow, HttpError>({
    ...LIST_TABLE_OPTIONS,
    resource: "followups",
    syncWithLocation: true,
    filters: { ...LIST_TABLE_OPTIONS.filters, initial: [{ field: "due", operator: "eq", value: "all" }] },
  });
  const due = dueOf(filters as { field?: string; value?: unknown }[]);

  const countAgain = useCallback(() => {
    fetchSummary().then(setSummary, () => undefined);
  }, []);
  useEffect(countAgain, [countAgain]);

  const columns = useMemo<ListColumn<FollowupRow>[]>(
    () => [
      { title: t("followups.columns.index"), key: "index", valueType: "index", width: 70 },
      { title: t("followups.columns.companyName"), dataIndex: "companyName", valueType: "text", ellipsis: true },
      {
        title: t("followups.columns.nextFollowTime"),
        dataIndex: "nextFollowTime",
        width: 240,
        render: (_, row) => (
          <Space size={4}>
            <span>{row.nextFollowTime}</span>
            <Tag color={STATE_COLORS[row.state]}>{t(`followups.states.${row.state}`)}</Tag>
          </Space>
        ),
      },
      {
        title: t("followups.columns.source"),
        dataIndex: "source",
        render: (_, row) => (row.source === "rule" ? t("followups.sources.rule", { days: row.ruleDays ?? "" }) : t("followups.sources.visit")),
      },
      { title: t("followups.columns.researchers"), dataIndex: "researchers", valueType: "text", ellipsis: true },
      {
        title: t("followups.columns.lastServiceTime"),
        dataIndex: "lastServiceTime",
        width: 170,
        render: (_, row) => row.lastServiceTime ?? t("followups.never"),
      },
      {
        title: t("followups.columns.actions"),
        key: "actions",
        valueType: "option",
        width: 220,
        render: (_, row) => (
          <Space>
            <a
              role="button"
              data-testid={`followup-record-${row.compId}`}
              onClick={() => navigate(`${Paths.SERVICE_FILES_DETAILS}?${new URLSearchParams({ compId: String(row.compId) }).toString()}`)}
            >
              {t("followups.actions.record")}
            </a>
            <a role="button" data-testid={`followup-close-${row.compId}`} onClick={() => setClosing(row)}>
              {t("followups.actions.close")}
            </a>
            <a role="button" data-testid={`followup-archive-${row.compId}`} onClick={() => navigate(`${Paths.SERVICE_FILES}?${new URLSearchParams({ id: String(row.compId) }).toString()}`)}>
              {t("followups.actions.archive")}
            </a>
          </Space>
        ),
      },
    ],
    [t, navigate],
  );

  const { error } = tableQuery;
  if (isPermissionRefused(error)) {
    return (
      <PageFrame title={TITLE} crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  const countOf = (value: FollowupDue): number | undefined => (value === "all" || !summary ? undefined : summary[value]);

  return (
    <PageFrame title={TITLE} crumbs={CRUMBS}>
      <Radio.Group
        value={due}
        optionType="button"
        aria-label={t("followups.filters.label")}
        style={{ marginBottom: 16 }}
        onChange={(event) => setFilters([{ field: "due", operator: "eq", value: event.target.value as FollowupDue }], "replace")}
        data-testid="followup-due"
      >
        {FOLLOWUP_DUES.map((value) => {
          const count = countOf(value);
          return (
            <Radio.Button key={value} value={value} data-testid={`followup-due-${value}`}>
              {t(`followups.filters.${value}`)}
              {count === undefined ? "" : ` (${count})`}
            </Radio.Button>
          );
        })}
      </Radio.Group>
      <ListTable<FollowupRow>
        testId="followup-table"
        tableProps={tableProps}
        rowKey="compId"
        columns={columns}
        error={error}
        emptyCellText={t("followups.columns.empty")}
        pagination={{ pageSizeOptions: PAGE_SIZES, showTotal: (total) => t("followups.table.total", { total }) }}
      />
      {closing && (
        <Suspense fallback={null}>
          <FollowupCloseModal
            row={closing}
            onClose={(closed) => {
              setClosing(null);
              if (closed) {
                void tableQuery.refetch();
                countAgain();
                followupsChanged();
              }
            }}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
