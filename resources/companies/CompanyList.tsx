import { type HttpError, useCan } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Space } from "antd";
import { Suspense, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { COMPANY_PAGE_SIZES, COMPANY_SEGMENTS, type CompanySearchRow } from "../../contract/companies";
import { MenuCode } from "../../contract/menus";
import { LIST_TABLE_OPTIONS, ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame, type Crumb } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { lazyPart } from "../../src/lazyPage";
import { Paths } from "../../contract/paths";
import { filtersFromValues, valuesFromFilters, type CompanyFilterValues } from "./companyFilters";
import type { CompanyFormTarget } from "./CompanyFormModal";
import { CompanyImportModal } from "./CompanyImportModal";
import { CompanyListFilter } from "./CompanyListFilter";

const CompanyFormModal = lazyPart(async () => (await import("./CompanyFormModal")).CompanyFormModal);
const CompanyOwnersModal = lazyPart(async () => (await import("./CompanyOwnersModal")).CompanyOwnersModal);
const FollowupRuleModal = lazyPart(async () => (await import("../followups/FollowupRuleModal")).FollowupRuleModal);

const TITLE = "companies.title";
const CRUMBS: Crumb[] = [
  { title: "shell.titles.home", path: Paths.HOME },
  { title: "shell.crumbs.dataIntelligence" },
  { title: TITLE },
];

const PAGE_SIZE_OPTIONS = COMPANY_PAGE_SIZES.map(String);

/**
 * The company finder at /serviceFiles without an id: search companies by name or credit code and
 * open one's archive. Holders of admin:companies also add, edit and import companies here.
 */
export default function CompanyList() {
  const t = useT();
  const navigate = useNavigate();
  const canManage = useCan({ resource: "companies", action: "edit", params: { menuCode: MenuCode.ADMIN_COMPANIES } }).data?.can === true;
  const [formTarget, setFormTarget] = useState<CompanyFormTarget | null>(null);
  const [importing, setImporting] = useState(false);
  // Companies ticked for setting their owners at once; kept across pages until set or cleared.
  const [selected, setSelected] = useState<CompanySearchRow[]>([]);
  const [settingOwners, setSettingOwners] = useState(false);
  // The company whose "no visit for N days" follow-up rule is being set.
  const [ruleOf, setRuleOf] = useState<CompanySearchRow | null>(null);
  // Refine keeps page, size and keywords in the URL; the archive's own `id` is never among them.
  // Silent: a refusal becomes the no-permission state instead of a toast.
  const { tableProps, tableQuery, searchFormProps, filters } = useTable<
    CompanySearchRow,
    HttpError,
    CompanyFilterValues
  >({
    ...LIST_TABLE_OPTIONS,
    resource: "companies",
    onSearch: filtersFromValues,
  });
  const [initialValues] = useState(() => valuesFromFilters(filters));

  const columns = useMemo<ListColumn<CompanySearchRow>[]>(
    () => [
      { title: t("companies.columns.index"), key: "index", valueType: "index", width: 80 },
      { title: t("companies.columns.name"), dataIndex: "name", valueType: "text" },
      { title: t("companies.columns.creditCode"), dataIndex: "creditCode", valueType: "text" },
      { title: t("companies.columns.district"), dataIndex: "district", valueType: "text" },
      {
        title: t("companies.columns.segment"),
        dataIndex: "segment",
        valueType: "select",
        valueEnum: valueEnumOf(COMPANY_SEGMENTS, (segment) => t(`companies.segments.${segment}`)),
      },
      {
        title: t("companies.columns.owners"),
        key: "owners",
        render: (_, row) => (row.owners.length > 0 ? row.owners.map((owner) => owner.name).join("、") : t("companies.columns.empty")),
      },
      {
        title: t("companies.columns.operation"),
        key: "operation",
        valueType: "option",
        width: canManage ? 240 : 100,
        render: (_, row) => (
          <Space>
            <a
              role="button"
              data-testid={`company-open-${row.id}`}
              onClick={() => navigate(`${Paths.SERVICE_FILES}?${new URLSearchParams({ id: String(row.id) }).toString()}`)}
            >
              {t("companies.columns.openArchive")}
            </a>
            {canManage && (
              <a role="button" data-testid={`company-edit-${row.id}`} onClick={() => setFormTarget({ mode: "edit", id: row.id })}>
                {t("companies.columns.edit")}
              </a>
            )}
            {canManage && (
              <a role="button" data-testid={`company-followup-rule-${row.id}`} onClick={() => setRuleOf(row)}>
                {t("followups.rule.action")}
              </a>
            )}
          </Space>
        ),
      },
    ],
    [t, canManage, navigate],
  );

  const { error } = tableQuery;
  if (isPermissionRefused(error)) {
    return (
      <PageFrame title={TITLE} crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  const actions = canManage && (
    <Space>
      <Button type="primary" onClick={() => setFormTarget({ mode: "create" })} data-testid="company-add">
        {t("companies.actions.add")}
      </Button>
      <Button onClick={() => setImporting(true)} data-testid="company-import">
        {t("companies.actions.import")}
      </Button>
      <Button disabled={selected.length === 0} onClick={() => setSettingOwners(true)} data-testid="company-set-owners">
        {t("companies.actions.setOwners")}
      </Button>
    </Space>
  );

  return (
    <PageFrame title={TITLE} crumbs={CRUMBS} extra={actions || undefined}>
      <CompanyListFilter formProps={searchFormProps} initialValues={initialValues} />
      <ListTable<CompanySearchRow>
        testId="company-table"
        tableProps={tableProps}
        columns={columns}
        error={error}
        emptyCellText={t("companies.columns.empty")}
        // A sideways-scrolling table measures its columns in a hidden copy of the header, whose
        // select-all box would be focusable inside aria-hidden (axe: aria-hidden-focus); the
        // finder's few columns wrap instead.
        wrapCells={canManage}
        rowSelection={
          canManage
            ? {
                preserveSelectedRowKeys: true,
                selectedRowKeys: selected.map((row) => row.id),
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: (row) => ({ title: row.name }),
              }
            : undefined
        }
        // The search answers pages of at most 100.
        pagination={{ pageSizeOptions: PAGE_SIZE_OPTIONS, showTotal: (total) => t("companies.table.total", { total }) }}
      />
      {canManage && (
        <>
          {formTarget && (
            // A fresh form per dialog: Refine's useForm takes its action and id when it starts.
            <Suspense fallback={null}>
              <CompanyFormModal
                key={formTarget.mode === "edit" ? formTarget.id : "create"}
                target={formTarget}
                onClose={() => setFormTarget(null)}
              />
            </Suspense>
          )}
          <CompanyImportModal open={importing} onClose={() => setImporting(false)} />
          {ruleOf && (
            <Suspense fallback={null}>
              <FollowupRuleModal company={ruleOf} onClose={() => setRuleOf(null)} />
            </Suspense>
          )}
          {settingOwners && (
            <Suspense fallback={null}>
              <CompanyOwnersModal
                selected={selected}
                onClose={(done) => {
                  setSettingOwners(false);
                  if (done) setSelected([]);
                }}
              />
            </Suspense>
          )}
        </>
      )}
    </PageFrame>
  );
}
