import { useTable } from "@refinedev/antd";
import { useDelete, useInvalidate, useNotification } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { useState } from "react";
import type { AdminDimension, AdminQuestion } from "../../contract/questionnaires";
import type { ApiError } from "../../providers/apiError";
import { useT } from "../../src/i18n/I18nContext";
import { ListError, retryUnlessRefused } from "../../src/components/ListError";
import { ListTable, valueEnumOf, type ListColumn } from "../../src/components/ListTable";
import { nextSort } from "./questionnaireRules";
import { QuestionFormModal } from "./QuestionFormModal";

/** What the form dialog is open for: nothing, a new question, or this one. */
type Editing = { question?: AdminQuestion } | null;

/** One dimension's questions by sort, to add, edit and delete (an answered one is kept). */
export function QuestionList({ dimension }: { dimension: AdminDimension }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [editing, setEditing] = useState<Editing>(null);
  const invalidate = useInvalidate();
  const { mutateAsync: remove } = useDelete();
  const { tableProps, tableQuery } = useTable<AdminQuestion, ApiError>({
    resource: "questions",
    // The page keeps only its tab and the selected dimension in the URL.
    syncWithLocation: false,
    pagination: { mode: "off" },
    filters: { permanent: [{ field: "serviceNo", operator: "eq", value: dimension.serviceNo }] },
    meta: { request: { silent: true } },
    queryOptions: { retry: retryUnlessRefused },
  });
  const questions = (tableProps.dataSource ?? []) as readonly AdminQuestion[];

  const deleteQuestion = async (question: AdminQuestion) => {
    try {
      // The call takes { questionNo }, not the { id } the data provider would make of the key.
      await remove({ resource: "questions", id: question.questionNo, values: { questionNo: question.questionNo } });
      toast?.({ type: "success", message: t("questionnaires.done.deleted") });
      await invalidate({ resource: "dimensions", invalidates: ["list"] });
    } catch {
      // The request layer has shown the server's message.
    }
  };

  const columns: ListColumn<AdminQuestion>[] = [
    { title: t("questionnaires.questions.sort"), dataIndex: "sort", valueType: "digit", width: 80 },
    { title: t("questionnaires.questions.question"), dataIndex: "question", valueType: "text" },
    {
      title: t("questionnaires.questions.isReq"),
      dataIndex: "isReq",
      width: 80,
      valueType: "select",
      valueEnum: valueEnumOf(["1", "0"], (isReq) => t(isReq === "1" ? "questionnaires.questions.yes" : "questionnaires.questions.no"), (isReq) =>
        isReq === "1" ? { color: "red" } : { status: "Default" },
      ),
    },
    {
      title: t("questionnaires.questions.actions"),
      key: "actions",
      valueType: "option",
      width: 140,
      render: (_node, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ question: row })} data-testid={`question-edit-${row.questionNo}`}>
            {t("questionnaires.questions.edit")}
          </Button>
          {row.answered ? (
            <Tooltip title={t("questionnaires.validation.questionAnswered")}>
              <Button type="link" size="small" danger disabled data-testid={`question-delete-${row.questionNo}`}>
                {t("questionnaires.questions.delete")}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm title={t("questionnaires.questions.deleteConfirm")} onConfirm={() => deleteQuestion(row)}>
              <Button type="link" size="small" danger data-testid={`question-delete-${row.questionNo}`}>
                {t("questionnaires.questions.delete")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  if (tableQuery.error) return <ListError error={tableQuery.error} />;

  return (
    <div>
      <ListTable<AdminQuestion>
        testId="question-table"
        tableProps={tableProps}
        rowKey="questionNo"
        columns={columns}
        title={t("questionnaires.questions.title", { name: dimension.serviceName })}
        toolBar={[
          <Button key="add" type="primary" onClick={() => setEditing({})} data-testid="question-add">
            {t("questionnaires.questions.add")}
          </Button>,
        ]}
      />
      {editing && (
        // A fresh form per dialog: Refine's useForm takes its action and id when it starts.
        <QuestionFormModal
          key={editing.question?.questionNo ?? "new"}
          serviceNo={dimension.serviceNo}
          question={editing.question}
          defaultSort={nextSort(questions)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
