import { useCan, useCustom, useCustomMutation, useNotification } from "@refinedev/core";
import { Button, Empty, Form, Input, Space, Spin, Typography } from "antd";
import { forwardRef, Suspense, useEffect, useImperativeHandle, useRef, useState } from "react";
import type { AnswerConflict } from "../../contract/answers";
import type { Envelope } from "../../contract/envelope";
import { LONG_TEXT_MAX } from "../../contract/limits";
import { MenuCode } from "../../contract/menus";
import { ApiError } from "../../providers/apiError";
import { customCall } from "../../providers/endpoints";
import { warningNotice } from "../../providers/notificationProvider";
import { useStoredUser } from "../../providers/session/storedUser";
import { DraftKeyPrefix } from "../../providers/storageKeys";
import { useT } from "../../src/i18n/I18nContext";
import { lazyPart } from "../../src/lazyPage";
import { conflictsOf, type ServiceQuestion } from "./archiveCalls";
import { DraftNotice } from "./DraftNotice";
import { answers } from "./resource";
import { draftKey, useDraft, type Draft } from "./useDraft";

// The history dialog (a draggable modal over a table) loads when a history is first opened.
const AnswerHistoryDialog = lazyPart(async () => (await import("./AnswerHistoryDialog")).AnswerHistoryDialog);

/** What the archive page asks of the open question tab before it lets another tab open. */
export interface QuestionTabHandle {
  /** Saves the edits; true when they were saved (or there were none to send). */
  save: () => Promise<boolean>;
  discard: () => void;
}

type Answers = Record<string, string | undefined>;

const trimmed = (value: string | null | undefined): string => (value ?? "").trim();

/**
 * SPEC 2 / 4 question tab: read-only answers until Edit, then textareas and Save. Answers typed and
 * not saved are kept as a draft in the browser, per user, company and dimension, and offered back
 * when the tab opens again; Save, Cancel, Don't save and 丢弃 remove it.
 */
export const QuestionTab = forwardRef<
  QuestionTabHandle,
  { compId: number; serviceNo: string; onDirtyChange: (dirty: boolean) => void }
>(function QuestionTab({ compId, serviceNo, onDirtyChange }, ref) {
  const t = useT();
  const { open: toast } = useNotification();
  const canEdit = useCan({ resource: "serviceRecords", action: "edit", params: { menuCode: MenuCode.SERVICE_FILES_EDIT } }).data?.can === true;
  const [form] = Form.useForm<Answers>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflicts, setConflicts] = useState<Record<string, AnswerConflict>>({});
  const [historyOf, setHistoryOf] = useState<string>();
  // Mounted from the first opening on, so that it closes with its animation.
  const [historyMounted, setHistoryMounted] = useState(false);
  if (historyOf !== undefined && !historyMounted) setHistoryMounted(true);
  /** Set while reloading after a refusal: the new versions come in, what was typed stays. */
  const keepTyped = useRef(false);

  const { mutateAsync: saveAnswers } = useCustomMutation();
  const { query, result } = useCustom<Envelope<ServiceQuestion[]>>({
    ...customCall(answers.actions.questions),
    config: { payload: { compId, serviceType: serviceNo } },
  });
  const questions = result.data?.result ?? [];
  const loaded = (): Answers => Object.fromEntries(questions.map((q) => [q.questionNo, q.currentAnswer ?? ""]));

  const setDirty = (dirty: boolean) => onDirtyChange(dirty);

  const user = useStoredUser();
  const draftAt = draftKey(DraftKeyPrefix.ANSWERS, user?.id, compId, serviceNo);
  const draft = useDraft<Answers>(draftAt);
  const [offer, setOffer] = useState<Draft<Answers> | null>(null);
  const offeredFor = useRef<string | null>(null);
  /** The questions whose answer in `values` differs from the stored one. */
  const changedIn = (values: Answers) =>
    questions.filter((q) => typeof values[q.questionNo] === "string" && trimmed(values[q.questionNo]) !== trimmed(q.currentAnswer));

  const leaveEditing = () => {
    setEditing(false);
    setConflicts({});
    setDirty(false);
    draft.clear();
    setOffer(null);
  };

  const discard = () => {
    form.setFieldsValue(loaded());
    leaveEditing();
  };

  const save = async (): Promise<boolean> => {
    try {
      await form.validateFields();
    } catch {
      return false;
    }
    const values = form.getFieldsValue();
    // SPEC: only non-empty answers are sent, so an emptied one keeps its stored answer. Say so, and
    // show that answer again, rather than let the user believe it was cleared.
    const emptied = questions.filter((q) => trimmed(values[q.questionNo]) === "" && trimmed(q.currentAnswer) !== "");
    if (emptied.length > 0) {
      const names = emptied.map((q) => q.question).join(t("archive.questions.listSeparator"));
      toast?.(warningNotice(t("archive.questions.emptiedNotSaved", { questions: names })));
      form.setFieldsValue(Object.fromEntries(emptied.map((q) => [q.questionNo, q.currentAnswer ?? ""])));
    }
    const answerOf = (q: ServiceQuestion) => (emptied.includes(q) ? trimmed(q.currentAnswer) : trimmed(values[q.questionNo]));
    const filled = questions.filter((q) => answerOf(q) !== "");
    if (filled.length === 0) {
      toast?.(warningNotice(t("archive.questions.nothingToSave")));
      return false;
    }
    // Only non-empty answers that differ from what was loaded, each with the version it replaces.
    const items = filled
      .filter((q) => answerOf(q) !== trimmed(q.currentAnswer))
      .map((q) => ({ compId, questionNo: q.questionNo, currentAnswer: answerOf(q), version: q.version }));
    if (items.length === 0) {
      leaveEditing();
      return true;
    }
    setSaving(true);
    try {
      // Silent: a refusal is shown once, below, with the conflicts marked.
      await saveAnswers({ ...customCall(answers.actions.save, { silent: true }), values: items, errorNotification: false });
      toast?.({ type: "success", message: t("archive.questions.saved") });
      leaveEditing();
      await query.refetch();
      return true;
    } catch (error) {
      // A refusal keeps what was typed on screen and marks the answers someone else changed.
      toast?.({ type: "error", message: error instanceof Error ? error.message : String(error) });
      const found = error instanceof ApiError ? conflictsOf(error.body) : [];
      if (found.length > 0) {
        setConflicts(Object.fromEntries(found.map((c) => [c.questionNo, c])));
        // With the versions just seen, the next Save deliberately replaces the answers shown in the warnings.
        keepTyped.current = true;
        await query.refetch();
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  useImperativeHandle(ref, () => ({ save, discard }));

  // Each load (the first, and the reload after a save) shows the server's answers.
  useEffect(() => {
    if (keepTyped.current) keepTyped.current = false;
    else form.resetFields();
  }, [form, query.dataUpdatedAt]);

  // Once the answers are in: a draft that differs from them is offered, one that does not is of no use.
  const questionsIn = questions.length > 0;
  useEffect(() => {
    if (!questionsIn || draftAt === null || offeredFor.current === draftAt) return;
    offeredFor.current = draftAt;
    const found = draft.read();
    if (found && changedIn(found.values).length > 0) setOffer(found);
    else {
      setOffer(null);
      if (found) draft.clear();
    }
    // Asked once a user and dimension, when the answers first come in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questionsIn, draftAt]);

  const noteChange = (all: Answers) => {
    const dirty = changedIn(all).length > 0;
    setDirty(dirty);
    if (dirty) draft.save(all);
    // Back to the stored answers: no draft, unless one is still being offered.
    else if (!offer) draft.clear();
  };

  const restoreDraft = () => {
    if (!offer) return;
    form.setFieldsValue(Object.fromEntries(changedIn(offer.values).map((q) => [q.questionNo, offer.values[q.questionNo]])));
    setOffer(null);
    setEditing(true);
    noteChange(form.getFieldsValue());
  };

  const discardDraft = () => {
    setOffer(null);
    draft.clear();
    // What was typed since the tab opened is a draft of its own.
    const typed = form.getFieldsValue();
    if (editing && changedIn(typed).length > 0) draft.save(typed);
  };

  if (query.isLoading) return <Spin style={{ display: "block", margin: "40px auto" }} />;
  if (questions.length === 0) return <Empty description={t("archive.questions.empty")} />;

  return (
    <>
      {canEdit && offer && <DraftNotice savedAt={offer.savedAt} onRestore={restoreDraft} onDiscard={discardDraft} />}
      {canEdit && (
        <Space style={{ marginBottom: 16 }}>
          {editing ? (
            <>
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="question-save">
                {t("archive.questions.save")}
              </Button>
              <Button onClick={discard} data-testid="question-cancel">
                {t("archive.questions.cancel")}
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={() => setEditing(true)} data-testid="question-edit">
              {t("archive.questions.edit")}
            </Button>
          )}
        </Space>
      )}
      <Form<Answers>
        form={form}
        layout="vertical"
        initialValues={loaded()}
        onValuesChange={(_, all) => noteChange(all)}
      >
        {questions.map((q, index) => {
          const conflict = conflicts[q.questionNo];
          return (
            <Form.Item
              key={q.questionNo}
              name={q.questionNo}
              label={`${index + 1}. ${q.question}`}
              required={q.isReq === "1"}
              rules={
                editing && q.isReq === "1"
                  ? [{ required: true, whitespace: true, message: t("archive.questions.required") }]
                  : []
              }
              validateStatus={conflict ? "warning" : undefined}
              help={
                conflict
                  ? t("archive.questions.conflict", { editor: conflict.editor ?? "", date: conflict.editDate ?? "", answer: conflict.currentAnswer })
                  : undefined
              }
              extra={
                q.lastEditDate && q.lastEditor ? (
                  <Space size="small">
                    <Typography.Text type="secondary">
                      {t("archive.questions.history", { date: q.lastEditDate, editor: q.lastEditor })}
                    </Typography.Text>
                    <a role="button" data-testid={`history-link-${q.questionNo}`} onClick={() => setHistoryOf(q.questionNo)}>
                      {t("archive.questions.viewHistory")}
                    </a>
                  </Space>
                ) : undefined
              }
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={LONG_TEXT_MAX}
                showCount={editing}
                readOnly={!editing}
                data-testid={`answer-${q.questionNo}`}
              />
            </Form.Item>
          );
        })}
      </Form>
      {historyMounted && (
        <Suspense fallback={null}>
          <AnswerHistoryDialog compId={compId} questionNo={historyOf} onClose={() => setHistoryOf(undefined)} />
        </Suspense>
      )}
    </>
  );
});
