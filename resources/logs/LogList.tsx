import { useTable } from "@refinedev/antd";
import type { BaseKey, HttpError } from "@refinedev/core";
import { Suspense, useMemo, useState } from "react";
import { LIST_TABLE_OPTIONS, ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { lazyPart } from "../../src/lazyPage";
import { LogExportButton } from "./LogExportButton";
import { filtersFromValues, valuesFromFilters, type LogFilterValues } from "./logFilters";
import { LogListFilter } from "./LogListFilter";
import { LOG_STATUSES, LOG_TYPES, logActionLabel, logTypeKey, statusKey, type LogRow } from "./logRow";
import { ListSorts } from "../../contract/listSorts";

// The detail drawer (antd's Drawer and Descriptions) loads when a row is first opened (issue 10 item 8).
const LogDetailDrawer = lazyPart(async () => (await import("./LogDetailDrawer")).LogDetailDrawer);

const CRUMBS = [{ title: "shell.titles.home", path: "/" }, { title: "shell.titles.logs" }];

/** SPEC 2 log list (/logs) over POST /api/logs/listData, with filters, a detail drawer and export. */
export default function LogList() {
  const t = useT();
  const [openId, setOpenId] = useState<BaseKey>();
  // Mounted from the first opening on, so that it closes with its animation.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (openId !== undefined && !drawerMounted) setDrawerMounted(true);
  // Refine owns the fetching and keeps page, size and filters in the URL; ProTable only renders. The
  // search replaces the filters, so a cleared field drops its constraint. Silent: a refusal becomes
  // the no-permission state instead of a toast.
  const { tableProps, tableQuery, searchFormProps, filters, sorters } = useTable<
    LogRow,
    HttpError,
    LogFilterValues
  >({
    ...LIST_TABLE_OPTIONS,
    resource: "logs",
    onSearch: filtersFromValues,
  });
  // The form starts from the filters the URL brought; afterwards it is the source of new searches.
  const [initialValues] = useState(() => valuesFromFilters(filters));

  const columns = useMemo<ListColumn<LogRow>[]>(
    () => [
      { title: t("admin.logs.columns.index"), key: "index", valueType: "index", width: 80 },
      {
        title: t("admin.logs.fields.logAction"),
        dataIndex: "logAction",
        valueType: "text",
        ellipsis: true,
        render: (_, row) => logActionLabel(row.logAction, t),
      },
      { title: t("admin.logs.fields.remoteAddr"), dataIndex: "remoteAddr", valueType: "text" },
      { title: t("admin.logs.fields.lastModifiedDate"), dataIndex: "lastModifiedDate", valueType: "dateTime" },
      {
        title: t("admin.logs.fields.logType"),
        dataIndex: "logType",
        valueType: "select",
        valueEnum: valueEnumOf(LOG_TYPES, (logType) => t(logTypeKey(logType))),
      },
      {
        title: t("admin.logs.fields.exceptionType"),
        dataIndex: "exceptionType",
        valueType: "select",
        valueEnum: valueEnumOf(LOG_STATUSES, (status) => t(statusKey(status)), (status) => ({ status: status === 1 ? "Error" : "Success" })),
      },
      { title: t("admin.logs.fields.userName"), dataIndex: "userName", valueType: "text" },
      {
        title: t("admin.logs.columns.actions"),
        key: "actions",
        valueType: "option",
        width: 100,
        render: (_, row) => (
          <a role="button" data-testid={`log-detail-open-${row.id}`} onClick={() => setOpenId(row.id)}>
            {t("admin.logs.detail.open")}
          </a>
        ),
      },
    ],
    [t],
  );

  const { error } = tableQuery;
  if (isPermissionRefused(error)) {
    return (
      <PageFrame title="shell.titles.logs" crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="shell.titles.logs" crumbs={CRUMBS} extra={<LogExportButton filters={filters} />}>
      <LogListFilter formProps={searchFormProps} initialValues={initialValues} />
      <ListTable<LogRow> testId="log-table" tableProps={tableProps} columns={columns} error={error} sortable={ListSorts.logs} sorters={sorters} />
      {drawerMounted && (
        <Suspense fallback={null}>
          <LogDetailDrawer id={openId} onClose={() => setOpenId(undefined)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
