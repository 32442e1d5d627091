import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { ARCHIVE_PAGE_SIZE } from "../../contract/limits";
import type { ServiceRecordRow } from "../../contract/serviceRecord";
import { EVALUATIONS } from "../../contract/valueSets";
import { ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { useT } from "../../src/i18n/I18nContext";
import { Paths } from "../../contract/paths";
import { filtersFromValues, type RecordFilterValues } from "./serviceRecordFilters";
import { ServiceRecordListFilter } from "./ServiceRecordListFilter";
import { ListSorts } from "../../contract/listSorts";

/** SPEC 2 "Service record" tab: one company's visit records, 10 a page. */
export function ServiceRecordList({ compId }: { compId: number }) {
  const t = useT();
  const navigate = useNavigate();
  // The page's URL belongs to the archive (id = company), so the list keeps its state to itself;
  // the company is a permanent filter the search form cannot drop.
  const { tableProps, searchFormProps, sorters } = useTable<ServiceRecordRow, HttpError, RecordFilterValues>({
    resource: "serviceRecords",
    syncWithLocation: false,
    pagination: { pageSize: ARCHIVE_PAGE_SIZE },
    filters: {
      permanent: [{ field: "compId", operator: "eq", value: compId }],
      defaultBehavior: "replace",
    },
    onSearch: filtersFromValues,
  });

  const details = (query: Record<string, string>) =>
    navigate(`${Paths.SERVICE_FILES_DETAILS}?${new URLSearchParams({ compId: String(compId), ...query }).toString()}`);

  const columns = useMemo<ListColumn<ServiceRecordRow>[]>(
    () => [
      { title: t("archive.columns.index"), key: "index", valueType: "index", width: 80 },
      { title: t("archive.columns.researchers"), dataIndex: "researchers", valueType: "text" },
      { title: t("archive.columns.contactPerson"), dataIndex: "contactPerson", valueType: "text" },
      { title: t("archive.columns.contactPersonPhone"), dataIndex: "contactPersonPhone", valueType: "text" },
      {
        title: t("archive.columns.comprehensiveEvaluation"),
        dataIndex: "comprehensiveEvaluation",
        valueType: "select",
        valueEnum: valueEnumOf(EVALUATIONS, (evaluation) => t(`archive.evaluation.${evaluation}`)),
      },
      { title: t("archive.columns.serviceTime"), dataIndex: "serviceTime", valueType: "dateTime" },
      {
        title: t("archive.columns.operation"),
        key: "operation",
        valueType: "option",
        width: 100,
        render: (_, row) => (
          <a role="button" data-testid={`record-view-${row.id}`} onClick={() => details({ id: String(row.id), disable: "true" })}>
            {t("archive.columns.view")}
          </a>
        ),
      },
    ],
    // details only closes over compId and navigate, both stable for the tab's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, compId],
  );

  return (
    <>
      <ServiceRecordListFilter formProps={searchFormProps} onAdd={() => details({})} />
      <ListTable<ServiceRecordRow>
        testId="record-table"
        tableProps={tableProps}
        columns={columns}
        sortable={ListSorts.serviceRecords}
        sorters={sorters}
        emptyText={t("archive.table.noData")}
        // SPEC 2: a record without a service time shows '--'.
        emptyCellText={t("archive.columns.empty")}
        // SPEC 2 layout: total, prev, pager, next, jumper; the size is fixed at 10.
        pagination={{
          showTotal: (total) => t("archive.table.total", { total }),
          showQuickJumper: true,
          showSizeChanger: false,
        }}
      />
    </>
  );
}
