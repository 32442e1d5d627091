import { Form, Input, InputNumber } from "antd";
import { charCount, DIMENSION_NAME_MAX, SORT_MAX, SORT_MIN } from "../../contract/questionnaires";
import { useT } from "../../src/i18n/I18nContext";
import { dimensionNameRule, sortRule } from "./questionnaireRules";

/** The dimension form's fields: its name (a tab label) and where its tab goes. */
export function DimensionInputs() {
  const t = useT();
  return (
    <>
      <Form.Item name="serviceName" label={t("questionnaires.form.dimensionName")} required rules={[dimensionNameRule(t)]}>
        <Input
          placeholder={t("questionnaires.form.dimensionNamePlaceholder")}
          count={{ show: true, max: DIMENSION_NAME_MAX, strategy: charCount }}
          data-testid="dimension-form-name"
        />
      </Form.Item>
      <Form.Item name="sort" label={t("questionnaires.form.sort")} rules={[sortRule(t)]}>
        <InputNumber
          min={SORT_MIN}
          max={SORT_MAX}
          precision={0}
          placeholder={t("questionnaires.form.sortPlaceholder")}
          style={{ width: "100%" }}
          data-testid="dimension-form-sort"
        />
      </Form.Item>
    </>
  );
}
