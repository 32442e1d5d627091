import { useCreate, useInvalidate, useUpdate, type HttpError } from "@refinedev/core";
import { Form } from "antd";
import type { AdminQuestion, IsReq, QuestionInput } from "../../contract/questionnaires";
import { notify } from "../../providers/notifier";
import { FormModal } from "../../src/components/FormModal";
import { useT } from "../../src/i18n/I18nContext";
import { QuestionInputs } from "./QuestionInputs";

interface QuestionFormValues {
  question: string;
  isReq: IsReq;
  sort: number;
}

interface QuestionFormModalProps {
  open: boolean;
  serviceNo: string;
  /** The question to edit; none to add one to the dimension. */
  question?: AdminQuestion;
  /** A new question's suggested place. */
  defaultSort: number;
  onClose: () => void;
}

/** Add or edit a question of a dimension in a dialog; both go through POST /api/archives/question/save. */
export function QuestionFormModal({ open, serviceNo, question, defaultSort, onClose }: QuestionFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<QuestionFormValues>();
  const invalidate = useInvalidate();
  const { mutateAsync: create, mutation: creating } = useCreate<AdminQuestion, HttpError, QuestionInput>();
  const { mutateAsync: update, mutation: updating } = useUpdate<AdminQuestion, HttpError, QuestionInput>();

  const save = async (values: QuestionFormValues) => {
    const input: QuestionInput = { serviceNo, question: values.question.trim(), isReq: values.isReq, sort: values.sort };
    try {
      if (question) {
        await update({ resource: "questions", id: question.questionNo, values: { questionNo: question.questionNo, ...input } });
      } else {
        await create({ resource: "questions", values: input });
      }
      notify.success(t("questionnaires.done.saved"));
      onClose();
      // The dimension list shows how many questions each has.
      await invalidate({ resource: "dimensions", invalidates: ["list"] });
    } catch {
      // The request layer has shown the server's message; the dialog stays open to correct the input.
    }
  };

  return (
    <FormModal<QuestionFormValues>
      open={open}
      title={t(question ? "questionnaires.form.editQuestion" : "questionnaires.form.addQuestion")}
      testId="question-form"
      form={form}
      initialValues={question ? { question: question.question, isReq: question.isReq, sort: question.sort } : { isReq: "0", sort: defaultSort }}
      onFinish={save}
      onClose={onClose}
      submitting={creating.isPending || updating.isPending}
      width={640}
    >
      <QuestionInputs />
    </FormModal>
  );
}
