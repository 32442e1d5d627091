import { Form, Input } from "antd";
import { charCount, DIMENSION_NAME_MAX } from "../../contract/questionnaires";
import { useT } from "../../src/i18n/I18nContext";
import { dimensionNameRule } from "./questionnaireRules";
import { SortInput } from "./SortInput";

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
      <SortInput testId="dimension-form-sort" />
    </>
  );
}
