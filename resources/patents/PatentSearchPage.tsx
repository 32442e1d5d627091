import { useTable } from "@refinedev/antd";
import { useCan, useGo, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import { Button, Space } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { COMPANY_SEGMENTS } from "../../contract/companies";
import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import { LEGAL_STATUSES, PATENT_TYPES } from "../../contract/patents/record";
import { PATENT_PAGE_MAX, PATENT_SORTS, type PatentFacets, type PatentRow } from "../../contract/schemas/patents";
import { ExportButton } from "../../src/components/ExportButton";
import { LIST_TABLE_OPTIONS, ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { exportPatents } from "./patentCalls";
import { PatentDetailDrawer } from "./PatentDetailDrawer";
import { PatentFacetList } from "./PatentFacetList";
import { filtersFromValues, setFilters, valuesFromFilters, withFacet, type FacetName, type PatentFilterValues } from "./patentFilters";
import { PatentSearchForm } from "./PatentSearchForm";
import { SaveWatchButton } from "./SaveWatchButton";
import { PATENT_OPEN_PARAM } from "./searchLinks";
import "./patents.css";

const CRUMBS = [{ title: "shell.titles.home", path: Paths.HOME }, { title: "shell.titles.patents" }];
/** The search call pages at most PATENT_PAGE_MAX rows. */
const PAGE_SIZES = ["10", "20", "50", String(PATENT_PAGE_MAX)];

/**
 * 专利检索 (issue 12): the search form, the sortable results with the facets beside them, each
 * facet entry narrowing the search; filters, sort and page live in the address. A row opens the
 * patent's every field; Export saves every filtered row.
 */
export default function PatentSearchPage() {
  const t = useT();
  const go = useGo();
  const canImport = useCan({ resource: "patentImports", action: "list", params: { menuCode: MenuCode.PATENT_IMPORT } }).data?.can === true;
  const { tableProps, tableQuery, searchFormProps, filters, sorters } = useTable<PatentRow, HttpError, PatentFilterValues>({
    ...LIST_TABLE_OPTIONS,
    resource: "patents",
    syncWithLocation: true,
    onSearch: filtersFromValues,
  });
  const [initialValues] = useState(() => valuesFromFilters(filters));
  const [shown, setShown] = useState<number | undefined>(undefined);
  // A notice of a watched patent links to /patents?patent=<id>: its detail opens over the list.
  const location = useLocation();
  const navigate = useNavigate();
  const linked = new URLSearchParams(location.search).get(PATENT_OPEN_PARAM);
  useEffect(() => {
    const id = Number(linked);
    if (linked && Number.isSafeInteger(id) && id > 0) setShown(id);
  }, [linked]);
  const close = () => {
    setShown(undefined);
    if (linked === null) return;
    const search = new URLSearchParams(location.search);
    search.delete(PATENT_OPEN_PARAM);
    const rest = search.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : "" }, { replace: true });
  };
  const answer = tableQuery.data as { facets?: PatentFacets; totalCapped?: boolean; facetsSample?: number | null } | undefined;

  const pick = (facet: FacetName, key: string) => {
    const form = searchFormProps.form;
    if (!form) return;
    form.setFieldsValue(withFacet(form.getFieldsValue(), facet, key));
    form.submit();
  };

  const columns = useMemo<ListColumn<PatentRow>[]>(
    () => [
      {
        title: t("patents.columns.publicationNumber"),
        dataIndex: "publicationNumber",
        render: (shownText, row) => (
          <a role="button" data-testid={`patent-open-${row.id}`} onClick={() => setShown(row.id)}>
            {shownText}
          </a>
        ),
      },
      { title: t("patents.columns.title"), dataIndex: "title", ellipsis: true, width: 320 },
      { title: t("patents.columns.applicants"), dataIndex: "applicants", ellipsis: true, width: 220, render: (_, row) => row.applicants.join("；") || t("patents.columns.empty") },
      { title: t("patents.columns.applyDate"), dataIndex: "applyDate" },
      { title: t("patents.columns.publicationDate"), dataIndex: "publicationDate" },
      { title: t("patents.columns.patentType"), dataIndex: "patentType", valueType: "select", valueEnum: valueEnumOf(PATENT_TYPES, (type) => t(`patents.types.${type}`)) },
      {
        title: t("patents.columns.legalStatus"),
        dataIndex: "legalStatus",
        valueType: "select",
        valueEnum: valueEnumOf(LEGAL_STATUSES, (status) => t(`patents.statuses.${status}`)),
      },
      { title: t("patents.columns.mainIpc"), dataIndex: "mainIpc" },
      { title: t("patents.columns.segment"), dataIndex: "segment", valueType: "select", valueEnum: valueEnumOf(COMPANY_SEGMENTS, (segment) => t(`companies.segments.${segment}`)) },
    ],
    [t],
  );

  const { error } = tableQuery;
  if (isPermissionRefused(error)) {
    return (
      <PageFrame title="shell.titles.patents" crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title="shell.titles.patents"
      crumbs={CRUMBS}
      extra={
        <Space>
          <Button data-testid="patent-watches-open" onClick={() => go({ to: Paths.PATENT_WATCHES, type: "push" })}>
            {t("patents.watches.open")}
          </Button>
          <Button data-testid="patent-chain-open" onClick={() => go({ to: Paths.PATENT_CHAIN, query: { filters: setFilters(filters) }, type: "push" })}>
            {t("patents.search.chain")}
          </Button>
          {canImport && (
            <Button data-testid="patent-import-open" onClick={() => go({ to: Paths.PATENT_IMPORT, type: "push" })}>
              {t("patents.search.import")}
            </Button>
          )}
        </Space>
      }
    >
      <PatentSearchForm formProps={searchFormProps} initialValues={initialValues} />
      <div className="patent-search">
        <div className="patent-search__results">
          <ListTable<PatentRow>
            testId="patent-table"
            tableProps={tableProps}
            columns={columns}
            error={error}
            sortable={PATENT_SORTS}
            sorters={sorters}
            toolBar={[<SaveWatchButton key="watch" filters={filters} />, <PatentExportButton key="export" filters={filters} sorters={sorters} />]}
            emptyText={t("patents.table.noData")}
            emptyCellText={t("patents.columns.empty")}
            pagination={{
              pageSizeOptions: PAGE_SIZES,
              // Above the cap the server stops counting: the total is a floor.
              showTotal: (total, [from, to]) =>
                t(answer?.totalCapped ? "patents.table.capped" : "patents.table.total", { from, to, total: total.toLocaleString("en-US") }),
            }}
          />
        </div>
        <div className="patent-search__facets">
          <PatentFacetList facets={error ? undefined : answer?.facets} sample={answer?.facetsSample} onPick={pick} />
        </div>
      </div>
      {shown !== undefined && <PatentDetailDrawer id={shown} onClose={close} />}
    </PageFrame>
  );
}

/** Exports every row the filters select, in the list's order; a refusal (too many rows, too many exports at once) shows the server's reason. */
function PatentExportButton({ filters, sorters }: { filters: CrudFilter[]; sorters: CrudSort[] }) {
  const t = useT();
  return (
    <ExportButton
      run={() => exportPatents(filters, sorters, t("patents.export.fileName"))}
      failed={t("patents.export.failed")}
      testId="patent-export"
    >
      {t("patents.export.button")}
    </ExportButton>
  );
}
