import { Button, Form, Input, type FormProps } from "antd";
import { useT } from "../../src/i18n/I18nContext";
import type { CompanyFilterValues } from "./companyFilters";

/** The finder's search: one field for a company name or credit code, and Search. */
export function CompanyListFilter({
  formProps,
  initialValues,
}: {
  formProps: FormProps<CompanyFilterValues>;
  initialValues: CompanyFilterValues;
}) {
  const t = useT();
  return (
    <Form<CompanyFilterValues> {...formProps} layout="inline" initialValues={initialValues} style={{ marginBottom: 16, rowGap: 12 }}>
      <Form.Item name="keywords" label={t("companies.filter.keywords")}>
        <Input
          allowClear
          style={{ width: 320 }}
          placeholder={t("companies.filter.keywordsPlaceholder")}
          data-testid="company-keywords"
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="company-search">
          {t("companies.filter.search")}
        </Button>
      </Form.Item>
    </Form>
  );
}
