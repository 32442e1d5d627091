import { Form, Input, Radio } from "antd";
import { charCount, QUESTION_MAX } from "../../contract/questionnaires";
import { useT } from "../../src/i18n/I18nContext";
import { questionRule } from "./questionnaireRules";
import { SortInput } from "./SortInput";

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
      <SortInput testId="question-form-sort" />
    </>
  );
}
