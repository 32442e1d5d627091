import { useForm } from "@refinedev/antd";
import { useInvalidate, type HttpError } from "@refinedev/core";
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
  serviceNo: string;
  /** The question to edit; none to add one to the dimension. */
  question?: AdminQuestion;
  /** A new question's suggested place. */
  defaultSort: number;
  onClose: () => void;
}

/** Add or edit a question of a dimension in a dialog; both go through POST /api/archives/question/save. */
export function QuestionFormModal({ serviceNo, question, defaultSort, onClose }: QuestionFormModalProps) {
  const t = useT();
  const invalidate = useInvalidate();
  // Refine's form: saving is the resource's create or update. The question comes from its list row,
  // so nothing is fetched; a refusal is shown by the request layer and the dialog stays open.
  const { form, mutation, onFinish } = useForm<AdminQuestion, HttpError, QuestionFormValues>({
    resource: "questions",
    action: question ? "edit" : "create",
    id: question?.questionNo,
    redirect: false,
    successNotification: false,
    errorNotification: false,
    disableServerSideValidation: true,
    queryOptions: { enabled: false },
    onMutationSuccess: () => {
      notify.success(t("questionnaires.done.saved"));
      onClose();
      // The dimension list shows how many questions each has.
      void invalidate({ resource: "dimensions", invalidates: ["list"] });
    },
  });

  const save = async (values: QuestionFormValues) => {
    const input: QuestionInput = { serviceNo, question: values.question.trim(), isReq: values.isReq, sort: values.sort };
    try {
      await onFinish(question ? { questionNo: question.questionNo, ...input } : input);
    } catch {
      // Shown by the request layer; the values stay for the user to correct.
    }
  };

  return (
    <FormModal<QuestionFormValues>
      open
      title={t(question ? "questionnaires.form.editQuestion" : "questionnaires.form.addQuestion")}
      testId="question-form"
      form={form}
      initialValues={question ? { question: question.question, isReq: question.isReq, sort: question.sort } : { isReq: "0", sort: defaultSort }}
      onFinish={save}
      onClose={onClose}
      submitting={mutation.isPending}
      width={640}
    >
      <QuestionInputs />
    </FormModal>
  );
}
