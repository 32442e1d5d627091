import { Button, DatePicker, Form, Input, Select, Space, type FormProps } from "antd";
import { COMPANY_SEGMENTS } from "../../contract/companies";
import { EVALUATIONS } from "../../contract/valueSets";
import { useT } from "../../src/i18n/I18nContext";
import { CompanySelect } from "../serviceRecords/CompanySelect";
import { useResearcherCandidates } from "../serviceRecords/researchers";
import type { VisitFilterValues } from "./visitFilters";

const EMPTY: VisitFilterValues = { company: undefined, researcher: undefined, dateRange: undefined, comprehensiveEvaluation: undefined, segment: undefined, district: undefined };

/** The visit list's search form: company, researcher, service-time range, evaluation, segment; Search and Reset. */
export function VisitListFilter({ formProps, initialValues }: { formProps: FormProps<VisitFilterValues>; initialValues: VisitFilterValues }) {
  const t = useT();
  const { users, loading } = useResearcherCandidates();

  return (
    <Form<VisitFilterValues> {...formProps} layout="inline" initialValues={initialValues} style={{ marginBottom: 16, rowGap: 12 }}>
      <Form.Item name="company" label={t("visits.filter.company")}>
        <CompanySelect allowClear placeholder={t("visits.filter.companyPlaceholder")} testId="visit-filter-company" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="researcher" label={t("visits.filter.researcher")}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={loading}
          style={{ width: 160 }}
          placeholder={t("visits.filter.researcherPlaceholder")}
          data-testid="visit-filter-researcher"
          options={users.map((user) => ({ value: user.id, label: user.name }))}
        />
      </Form.Item>
      <Form.Item name="dateRange" label={t("visits.filter.dateRange")}>
        <DatePicker.RangePicker format="YYYY-MM-DD" data-testid="visit-filter-date" />
      </Form.Item>
      <Form.Item name="comprehensiveEvaluation" label={t("visits.filter.evaluation")}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t("visits.filter.all")}
          data-testid="visit-filter-evaluation"
          options={EVALUATIONS.map((value) => ({ value, label: t(`archive.evaluation.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="segment" label={t("visits.filter.segment")}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t("visits.filter.all")}
          data-testid="visit-filter-segment"
          options={COMPANY_SEGMENTS.map((value) => ({ value, label: t(`companies.segments.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="district" label={t("visits.filter.district")}>
        <Input allowClear style={{ width: 140 }} maxLength={100} placeholder={t("visits.filter.all")} data-testid="visit-filter-district" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="visit-filter-submit">
            {t("visits.filter.search")}
          </Button>
          <Button
            data-testid="visit-filter-reset"
            onClick={() => {
              // Reset to empty (not to the address's values), then search, so every filter is dropped.
              formProps.form?.setFieldsValue(EMPTY);
              formProps.form?.submit();
            }}
          >
            {t("visits.filter.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
