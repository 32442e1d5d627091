import { useTable } from "@refinedev/antd";
import { useInvalidate } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { CERTIFICATION_STATES, type CertificationState } from "../../../../contract/account";
import type { ApiError } from "../../../../providers/apiError";
import { LIST_TABLE_OPTIONS, ListSearch, ListTable, searchFilters, valueEnumOf, type ListColumn, type ValueStatus } from "../../../components/ListTable";
import { useT } from "../../../i18n/I18nContext";
import { CertificationReviewModal } from "./CertificationReviewModal";
import { ListError, retryUnlessRefused } from "../../../components/ListError";
import type { CertificationReview } from "./types";
import { ListSorts } from "../../../../contract/listSorts";

const STATE_STATUSES: Record<CertificationState, ValueStatus> = {
  submitted: "Default",
  reviewing: "Processing",
  approved: "Success",
  rejected: "Error",
};

/** The certification tab: applications by state, each opened to review. */
export function CertificationList() {
  const t = useT();
  const invalidate = useInvalidate();
  const [reviewing, setReviewing] = useState<number | null>(null);
  const close = () => {
    setReviewing(null);
    // Opening moved a submitted application to reviewing.
    void invalidate({ resource: "certifications", invalidates: ["list"] });
  };

  const columns: ListColumn<CertificationReview>[] = [
    { title: t("userManage.certifications.companyName"), dataIndex: "companyName", valueType: "text" },
    { title: t("userManage.certifications.creditCode"), dataIndex: "creditCode", valueType: "text" },
    { title: t("userManage.certifications.applicant"), render: (_node, row) => row.name || row.username },
    { title: t("userManage.certifications.contactPhone"), dataIndex: "contactPhone", valueType: "text" },
    {
      title: t("userManage.certifications.state"),
      dataIndex: "state",
      valueType: "select",
      valueEnum: valueEnumOf(CERTIFICATION_STATES, (state) => t(`userManage.certifications.states.${state}`), (state) => ({ status: STATE_STATUSES[state] })),
      search: { label: t("userManage.certifications.allStates"), testId: "certification-filter-state" },
    },
    { title: t("userManage.certifications.createdAt"), dataIndex: "createdAt", valueType: "dateTime" },
    { title: t("userManage.certifications.reviewedAt"), dataIndex: "reviewedAt", valueType: "dateTime" },
    {
      title: t("userManage.fields.actions"),
      key: "actions",
      valueType: "option",
      render: (_node, row) => (
        <Button type="link" size="small" onClick={() => setReviewing(row.id)} data-testid={`certification-open-${row.id}`}>
          {t(row.state === "submitted" || row.state === "reviewing" ? "userManage.certifications.review" : "userManage.certifications.view")}
        </Button>
      ),
    },
  ];

  const { tableProps, searchFormProps, tableQuery, sorters } = useTable<CertificationReview, ApiError, { state?: CertificationState }>({
    ...LIST_TABLE_OPTIONS,
    resource: "certifications",
    syncWithLocation: true,
    onSearch: (values) => searchFilters(columns, values),
    queryOptions: { retry: retryUnlessRefused },
  });

  return (
    <>
      <ListSearch columns={columns} formProps={searchFormProps} />
      {tableQuery.error ? (
        <ListError error={tableQuery.error} />
      ) : (
        <ListTable<CertificationReview> testId="certification-table" tableProps={tableProps} columns={columns} sortable={ListSorts.certifications} sorters={sorters} />
      )}
      <CertificationReviewModal id={reviewing} onClose={close} />
    </>
  );
}
