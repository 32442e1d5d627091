import { useTable } from "@refinedev/antd";
import type { CrudFilter, CrudSort, HttpError } from "@refinedev/core";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { COMPANY_SEGMENTS } from "../../contract/companies";
import { ListSorts } from "../../contract/listSorts";
import { Paths } from "../../contract/paths";
import type { VisitRow } from "../../contract/schemas/visits";
import { EVALUATIONS } from "../../contract/valueSets";
import { ExportButton } from "../../src/components/ExportButton";
import { LIST_TABLE_OPTIONS, ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { exportVisits } from "./visitCalls";
import { filtersFromValues, valuesFromFilters, type VisitFilterValues } from "./visitFilters";
import { VisitListFilter } from "./VisitListFilter";

const CRUMBS = [{ title: "shell.titles.home", path: Paths.HOME }, { title: "shell.titles.serviceFiles", path: Paths.SERVICE_FILES }, { title: "shell.titles.visits" }];

/**
 * Every visit record the user may see, across companies (/visits, issue 11): filters, sortable
 * columns and the page live in the address, so Back from a record restores them; Export saves every
 * filtered row as .xlsx.
 */
export default function VisitList() {
  const t = useT();
  const navigate = useNavigate();
  const { tableProps, tableQuery, searchFormProps, filters, sorters } = useTable<VisitRow, HttpError, VisitFilterValues>({
    ...LIST_TABLE_OPTIONS,
    resource: "visits",
    syncWithLocation: true,
    onSearch: filtersFromValues,
  });
  // The form starts from the filters the address brought; afterwards it is the source of new searches.
  const [initialValues] = useState(() => valuesFromFilters(filters));

  const columns = useMemo<ListColumn<VisitRow>[]>(
    () => [
      { title: t("visits.columns.index"), key: "index", valueType: "index", width: 70 },
      { title: t("visits.columns.companyName"), dataIndex: "companyName", valueType: "text", ellipsis: true },
      {
        title: t("visits.columns.segment"),
        dataIndex: "segment",
        valueType: "select",
        valueEnum: valueEnumOf(COMPANY_SEGMENTS, (segment) => t(`companies.segments.${segment}`)),
      },
      { title: t("visits.columns.researchers"), dataIndex: "researchers", valueType: "text", ellipsis: true },
      { title: t("visits.columns.contactPerson"), dataIndex: "contactPerson", valueType: "text" },
      { title: t("visits.columns.contactPersonPhone"), dataIndex: "contactPersonPhone", valueType: "text" },
      {
        title: t("visits.columns.comprehensiveEvaluation"),
        dataIndex: "comprehensiveEvaluation",
        valueType: "select",
        valueEnum: valueEnumOf(EVALUATIONS, (evaluation) => t(`archive.evaluation.${evaluation}`)),
      },
      { title: t("visits.columns.serviceTime"), dataIndex: "serviceTime", valueType: "dateTime" },
      {
        title: t("visits.columns.operation"),
        key: "operation",
        valueType: "option",
        width: 90,
        render: (_, row) => (
          <a
            role="button"
            data-testid={`visit-view-${row.id}`}
            onClick={() =>
              navigate(`${Paths.SERVICE_FILES_DETAILS}?${new URLSearchParams({ compId: String(row.compId), id: String(row.id), disable: "true" }).toString()}`, {
                state: { fromList: true },
              })
            }
          >
            {t("visits.columns.view")}
          </a>
        ),
      },
    ],
    [t, navigate],
  );

  const { error } = tableQuery;
  if (isPermissionRefused(error)) {
    return (
      <PageFrame title="shell.titles.visits" crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="shell.titles.visits" crumbs={CRUMBS} extra={<VisitExportButton filters={filters} sorters={sorters} />}>
      <VisitListFilter formProps={searchFormProps} initialValues={initialValues} />
      <ListTable<VisitRow>
        testId="visit-table"
        tableProps={tableProps}
        columns={columns}
        error={error}
        sortable={ListSorts.visits}
        sorters={sorters}
        emptyText={t("visits.table.noData")}
        emptyCellText={t("visits.columns.empty")}
      />
    </PageFrame>
  );
}

/** Exports every row the filters select, in the list's order; a refusal shows the server's reason. */
function VisitExportButton({ filters, sorters }: { filters: CrudFilter[]; sorters: CrudSort[] }) {
  const t = useT();
  return (
    <ExportButton
      run={() => exportVisits(filters, sorters, t("visits.export.fileName"))}
      failed={t("visits.export.failed")}
      testId="visit-export"
    >
      {t("visits.export.button")}
    </ExportButton>
  );
}
