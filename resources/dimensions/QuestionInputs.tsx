import { Form, Input, InputNumber, Radio } from "antd";
import { charCount, QUESTION_MAX, SORT_MAX, SORT_MIN } from "../../contract/questionnaires";
import { useT } from "../../src/i18n/I18nContext";
import { questionRule, sortRule } from "./questionnaireRules";

/** The question form's fields: the text asked, whether it must be answered, and its place. */
export function QuestionInputs() {
  const t = useT();
  return (
    <>
      <Form.Item name="question" label={t("questionnaires.form.question")} required rules={[questionRule(t)]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t("questionnaires.form.questionPlaceholder")}
          // Counted as the server counts (by character); a longer text stays to be corrected, not cut.
          count={{ show: true, max: QUESTION_MAX, strategy: charCount }}
          data-testid="question-form-question"
        />
      </Form.Item>
      <Form.Item name="isReq" label={t("questionnaires.form.isReq")} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={[
            { label: t("questionnaires.form.required"), value: "1" },
            { label: t("questionnaires.form.optional"), value: "0" },
          ]}
          data-testid="question-form-isreq"
        />
      </Form.Item>
      <Form.Item name="sort" label={t("questionnaires.form.sort")} rules={[sortRule(t)]}>
        <InputNumber
          min={SORT_MIN}
          max={SORT_MAX}
          precision={0}
          placeholder={t("questionnaires.form.sortPlaceholder")}
          style={{ width: "100%" }}
          data-testid="question-form-sort"
        />
      </Form.Item>
    </>
  );
}
