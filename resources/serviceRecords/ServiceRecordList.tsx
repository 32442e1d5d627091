import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Tag } from "antd";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ARCHIVE_PAGE_SIZE } from "../../contract/limits";
import type { ServiceRecordRow } from "../../contract/serviceRecord";
import { EVALUATIONS } from "../../contract/valueSets";
import { ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { useT } from "../../src/i18n/I18nContext";
import { Paths } from "../../contract/paths";
import { filtersFromValues, valuesFromFilters, type RecordFilterValues } from "./serviceRecordFilters";
import { ServiceRecordListFilter } from "./ServiceRecordListFilter";
import { ListSorts } from "../../contract/listSorts";

/** SPEC 2 "Service record" tab: one company's visit records, 10 a page. */
export function ServiceRecordList({ compId }: { compId: number }) {
  const t = useT();
  const navigate = useNavigate();
  // The filters, sort and page live in the address beside the archive's own `id` (Refine keeps the
  // query parameters it does not own), so Back from a record restores them; the company is a
  // permanent filter the search form cannot drop, and it stays out of the address.
  const { tableProps, searchFormProps, sorters, filters } = useTable<ServiceRecordRow, HttpError, RecordFilterValues>({
    resource: "serviceRecords",
    syncWithLocation: true,
    pagination: { pageSize: ARCHIVE_PAGE_SIZE },
    filters: {
      permanent: [{ field: "compId", operator: "eq", value: compId }],
      defaultBehavior: "replace",
    },
    onSearch: filtersFromValues,
  });
  // The form starts from the filters the address brought; afterwards it is the source of new searches.
  const [initialValues] = useState(() => valuesFromFilters(filters));

  const details = (query: Record<string, string>) =>
    navigate(`${Paths.SERVICE_FILES_DETAILS}?${new URLSearchParams({ compId: String(compId), ...query }).toString()}`, { state: { fromList: true } });

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
      {
        title: t("archive.columns.serviceTime"),
        dataIndex: "serviceTime",
        valueType: "dateTime",
        // A voided record stays listed, marked: it is no visit any more, but its history is here.
        render: (shown, row) =>
          row.voided ? (
            <>
              {shown} <Tag data-testid={`record-voided-${row.id}`}>{t("archive.voiding.tag")}</Tag>
            </>
          ) : (
            shown
          ),
      },
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
      <ServiceRecordListFilter formProps={searchFormProps} initialValues={initialValues} onAdd={() => details({})} />
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
