import { Form, InputNumber } from "antd";
import { SORT_MAX, SORT_MIN } from "../../contract/questionnaires";
import { useT } from "../../src/i18n/I18nContext";
import { sortRule } from "./questionnaireRules";

/** Where a dimension's tab or a question goes: a whole number, the smaller first. */
export function SortInput({ testId }: { testId: string }) {
  const t = useT();
  return (
    <Form.Item name="sort" label={t("questionnaires.form.sort")} rules={[sortRule(t)]}>
      <InputNumber
        min={SORT_MIN}
        max={SORT_MAX}
        precision={0}
        placeholder={t("questionnaires.form.sortPlaceholder")}
        style={{ width: "100%" }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
