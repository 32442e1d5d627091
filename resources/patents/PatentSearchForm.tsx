import { Button, DatePicker, Form, Input, Select, Space, type FormProps } from "antd";
import { COMPANY_SEGMENTS } from "../../contract/companies";
import { LEGAL_STATUSES, PATENT_TYPES } from "../../contract/patents/record";
import { useT } from "../../src/i18n/I18nContext";
import type { PatentFilterValues } from "./patentFilters";

const EMPTY: PatentFilterValues = {
  q: undefined,
  applicant: undefined,
  inventor: undefined,
  ipc: undefined,
  number: undefined,
  patentType: undefined,
  legalStatus: undefined,
  applyDates: undefined,
  district: undefined,
  segment: undefined,
};

/** The search form of /patents: keywords first, then the other filters; Search and Reset. */
export function PatentSearchForm({ formProps, initialValues }: { formProps: FormProps<PatentFilterValues>; initialValues: PatentFilterValues }) {
  const t = useT();
  const text = (name: "q" | "applicant" | "inventor" | "ipc" | "number" | "district", width: number, placeholder?: string) => (
    <Form.Item name={name} label={t(`patents.search.${name}`)}>
      <Input allowClear style={{ width }} maxLength={name === "q" ? 200 : 100} placeholder={placeholder} data-testid={`patent-filter-${name}`} />
    </Form.Item>
  );
  const choice = (name: "patentType" | "legalStatus" | "segment", options: { value: string; label: string }[]) => (
    <Form.Item name={name} label={t(`patents.search.${name}`)}>
      <Select allowClear style={{ width: 130 }} placeholder={t("patents.search.all")} data-testid={`patent-filter-${name}`} options={options} />
    </Form.Item>
  );

  return (
    <Form<PatentFilterValues> {...formProps} layout="inline" initialValues={initialValues} style={{ marginBottom: 16, rowGap: 12 }}>
      {text("q", 260, t("patents.search.qPlaceholder"))}
      {text("applicant", 200)}
      {text("inventor", 120)}
      {text("ipc", 140, t("patents.search.ipcPlaceholder"))}
      {text("number", 160)}
      {choice("patentType", PATENT_TYPES.map((value) => ({ value, label: t(`patents.types.${value}`) })))}
      {choice("legalStatus", LEGAL_STATUSES.map((value) => ({ value, label: t(`patents.statuses.${value}`) })))}
      {choice("segment", COMPANY_SEGMENTS.map((value) => ({ value, label: t(`companies.segments.${value}`) })))}
      {text("district", 120)}
      <Form.Item name="applyDates" label={t("patents.search.applyDates")}>
        <DatePicker.RangePicker format="YYYY-MM-DD" allowEmpty={[true, true]} data-testid="patent-filter-applyDates" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="patent-filter-submit">
            {t("patents.search.submit")}
          </Button>
          <Button
            data-testid="patent-filter-reset"
            onClick={() => {
              // Empty rather than the address's values, so every filter is dropped.
              formProps.form?.setFieldsValue(EMPTY);
              formProps.form?.submit();
            }}
          >
            {t("patents.search.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
