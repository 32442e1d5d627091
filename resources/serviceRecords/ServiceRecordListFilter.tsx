import { useCan } from "@refinedev/core";
import { Button, DatePicker, Form, Input, Select, Space, type FormProps } from "antd";
import { MenuCode } from "../../contract/menus";
import { EVALUATIONS } from "../../contract/valueSets";
import { useT } from "../../src/i18n/I18nContext";
import type { RecordFilterValues } from "./serviceRecordFilters";

/** SPEC 2 record tab filters with Search and, for editors, Add. */
export function ServiceRecordListFilter({
  formProps,
  initialValues,
  onAdd,
}: {
  formProps: FormProps<RecordFilterValues>;
  /** The filters the address brought. */
  initialValues?: RecordFilterValues;
  onAdd: () => void;
}) {
  const t = useT();
  const canEdit = useCan({ resource: "serviceRecords", action: "edit", params: { menuCode: MenuCode.SERVICE_FILES_EDIT } }).data?.can === true;

  return (
    <Form<RecordFilterValues> {...formProps} initialValues={initialValues} layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
      <Form.Item name="researchers" label={t("archive.filter.researchers")}>
        <Input allowClear placeholder={t("archive.filter.researchersPlaceholder")} data-testid="record-filter-researchers" />
      </Form.Item>
      <Form.Item name="contactPerson" label={t("archive.filter.contactPerson")}>
        <Input allowClear placeholder={t("archive.filter.contactPersonPlaceholder")} data-testid="record-filter-contact" />
      </Form.Item>
      <Form.Item name="dateRange" label={t("archive.filter.dateRange")}>
        <DatePicker.RangePicker format="YYYY-MM-DD" data-testid="record-filter-date" />
      </Form.Item>
      <Form.Item name="comprehensiveEvaluation" label={t("archive.filter.evaluation")}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t("archive.filter.evaluationPlaceholder")}
          data-testid="record-filter-evaluation"
          options={EVALUATIONS.map((value) => ({ value, label: t(`archive.evaluation.${value}`) }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="record-search">
            {t("archive.filter.search")}
          </Button>
          {canEdit && (
            <Button onClick={onAdd} data-testid="record-add">
              {t("archive.filter.add")}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
