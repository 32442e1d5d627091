import { Button, DatePicker, Form, Input, Select, Space, type FormProps } from "antd";
import { useT } from "../../src/i18n/I18nContext";
import type { LogFilterValues } from "./logFilters";

const EMPTY: LogFilterValues = { logType: "", exceptionType: "", userName: undefined, logAction: undefined, dateRange: undefined };

/** The log list's search form (SPEC 2 / issue: type, status, operator, action text, date range). */
export function LogListFilter({
  formProps,
  initialValues,
}: {
  formProps: FormProps<LogFilterValues>;
  initialValues: LogFilterValues;
}) {
  const t = useT();
  const all = { value: "", label: t("admin.logs.filter.all") };

  return (
    <Form<LogFilterValues> {...formProps} layout="inline" initialValues={initialValues} style={{ marginBottom: 16, rowGap: 12 }}>
      <Form.Item name="logType" label={t("admin.logs.filter.logType")}>
        <Select
          style={{ width: 120 }}
          data-testid="log-filter-type"
          options={[
            all,
            { value: "1", label: t("admin.logs.logType.login") },
            { value: "2", label: t("admin.logs.logType.operation") },
          ]}
        />
      </Form.Item>
      <Form.Item name="exceptionType" label={t("admin.logs.filter.exceptionType")}>
        <Select
          style={{ width: 120 }}
          data-testid="log-filter-status"
          options={[
            all,
            { value: "0", label: t("admin.logs.status.normal") },
            { value: "1", label: t("admin.logs.status.abnormal") },
          ]}
        />
      </Form.Item>
      <Form.Item name="userName" label={t("admin.logs.filter.userName")}>
        <Input allowClear placeholder={t("admin.logs.filter.userNamePlaceholder")} data-testid="log-filter-operator" />
      </Form.Item>
      <Form.Item name="logAction" label={t("admin.logs.filter.logAction")}>
        <Input allowClear placeholder={t("admin.logs.filter.logActionPlaceholder")} data-testid="log-filter-action" />
      </Form.Item>
      <Form.Item name="dateRange" label={t("admin.logs.filter.dateRange")}>
        <DatePicker.RangePicker data-testid="log-filter-date" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="log-filter-submit">
            {t("admin.logs.filter.submit")}
          </Button>
          <Button
            data-testid="log-filter-reset"
            onClick={() => {
              // Reset to empty (not to the URL's values), then search, so every filter is dropped.
              formProps.form?.setFieldsValue(EMPTY);
              formProps.form?.submit();
            }}
          >
            {t("admin.logs.filter.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
