import { useModalForm } from "@refinedev/antd";
import { useInvalidate, type HttpError } from "@refinedev/core";
import type { AdminQuestion, IsReq, QuestionInput } from "../../contract/questionnaires";
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
  // Saving is the resource's create or update. The question comes from its list row, so nothing is fetched.
  const modalForm = useModalForm<AdminQuestion, HttpError, QuestionFormValues>({
    resource: "questions",
    action: question ? "edit" : "create",
    id: question?.questionNo,
    defaultVisible: true,
    redirect: false,
    successNotification: { type: "success", message: t("questionnaires.done.saved") },
    disableServerSideValidation: true,
    queryOptions: { enabled: false },
    onMutationSuccess: () => {
      onClose();
      // The dimension list shows how many questions each has.
      void invalidate({ resource: "dimensions", invalidates: ["list"] });
    },
  });

  const toPayload = (values: QuestionFormValues) => {
    const input: QuestionInput = { serviceNo, question: values.question.trim(), isReq: values.isReq, sort: values.sort };
    return question ? { questionNo: question.questionNo, ...input } : input;
  };

  return (
    <FormModal<QuestionFormValues>
      modalForm={modalForm}
      title={t(question ? "questionnaires.form.editQuestion" : "questionnaires.form.addQuestion")}
      testId="question-form"
      initialValues={question ? { question: question.question, isReq: question.isReq, sort: question.sort } : { isReq: "0", sort: defaultSort }}
      toPayload={toPayload}
      onClose={onClose}
      width={640}
    >
      <QuestionInputs />
    </FormModal>
  );
}
