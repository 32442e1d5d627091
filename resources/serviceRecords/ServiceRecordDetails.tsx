import { type HttpError, useCan } from "@refinedev/core";
import { ProForm } from "@ant-design/pro-components";
import { useForm } from "@refinedev/antd";
import { Button, Space } from "antd";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { MenuCode } from "../../contract/menus";
import { richTextLength, type ServiceRecord, type ServiceRecordFields } from "../../contract/serviceRecord";
import { ApiError } from "../../providers/apiError";
import { useStoredUser } from "../../providers/session/storedUser";
import { DraftKeyPrefix } from "../../providers/storageKeys";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { Paths } from "../../contract/paths";
import { archiveCrumbs } from "./crumbs";
import { DraftNotice } from "./DraftNotice";
import { ServiceRecordInputs } from "./ServiceRecordInputs";
import { ServiceRecordShow } from "./ServiceRecordShow";
import { fromRecordDraft, toRecordDraft, type ServiceRecordDraft } from "./serviceRecordDraft";
import { changedFrom, newRecordValues, recordValues, toPayload, type ServiceRecordFormValues } from "./serviceRecordValues";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { draftKey, useDraft, type Draft } from "./useDraft";
import { useLeaveConfirmation } from "./useLeaveConfirmation";

/** The field errors of a releaseArchives refusal (HTTP 400, result.errors). */
function fieldErrorsOf(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.body as { result?: { errors?: unknown } } | undefined)?.result?.errors;
  return Array.isArray(errors) ? (errors as { field: string; message: string }[]) : [];
}

/**
 * SPEC 2 /serviceFilesDetails?compId&id&disable: the visit record to read with disable=true (or
 * without the right to edit), otherwise the form that adds or edits it.
 */
export default function ServiceRecordDetails() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const compId = params.get("compId") ?? "";
  const idText = params.get("id");
  // The record's id travels as a JSON number: the API refuses "31" where it expects 31.
  const id = idText ? Number(idText) : undefined;
  const access = useCan({ resource: "serviceRecords", action: "edit", params: { menuCode: MenuCode.SERVICE_FILES_EDIT } });
  const back = (toCompId: string | number = compId) => navigate(`${Paths.SERVICE_FILES}?id=${encodeURIComponent(toCompId)}`);
  // The last answer holds while the access cache is reset and asked again (every session change).
  // Until the first one the form is drawn: readers arrive through the list's view link
  // (disable=true), and an editor's form must stay the one mounted, typing and leave guard included.
  const lastAnswer = useRef<boolean | undefined>(undefined);
  if (access.data) lastAnswer.current = access.data.can;
  const canEdit = access.data?.can ?? lastAnswer.current;
  // A view opened from a list (the archive's record tab, /visits) goes back to it as it was: its
  // filters and page are in its address.
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  // The view's Edit opens the form at the record's own address; Back from the form returns to the view.
  const edit = (record: ServiceRecord) =>
    navigate(`${Paths.SERVICE_FILES_DETAILS}?${new URLSearchParams({ compId: String(record.compId), id: String(record.id) }).toString()}`);
  const show = <ServiceRecordShow id={id} onBack={() => (fromList ? navigate(-1) : back())} onEdit={edit} />;
  if (params.get("disable") === "true" || canEdit === false) return show;
  return <ServiceRecordForm id={id} compId={compId} back={back} readOnly={show} />;
}

/**
 * The form; leaving it (another page, closing the window, logging out) with typed content asks first.
 * What is typed is kept as a draft in the browser, per user, company and record, and offered back
 * when the form opens again; saving the record, Don't save and 丢弃 remove it.
 */
function ServiceRecordForm({
  id,
  compId,
  back,
  readOnly,
}: {
  id: number | undefined;
  compId: string;
  back: (toCompId?: string | number) => void;
  /** Shown instead of the form for a record the user may not change (someone else's, or voided). */
  readOnly: ReactNode;
}) {
  const t = useT();
  const [dirty, setDirty] = useState(false);
  /** Set while the leave dialog's Save saves: the user is on the way elsewhere, not back to the archive. */
  const savingToLeave = useRef(false);
  const user = useStoredUser();
  const draftAt = draftKey(DraftKeyPrefix.VISIT_RECORD, user?.id, compId, id ?? "new");
  const draft = useDraft<ServiceRecordDraft>(draftAt);
  const { dialog: leaving, release } = useLeaveConfirmation({
    dirty,
    save: () => saveToLeave(),
    discard: () => {
      draft.clear();
      setDirty(false);
    },
  });

  const { formProps, form, query, mutation, onFinish } = useForm<ServiceRecord, HttpError, ServiceRecordFormValues>({
    resource: "serviceRecords",
    action: id === undefined ? "create" : "edit",
    id,
    redirect: false,
    // The request layer toasts the server's message on a refusal; the field errors are mapped below.
    successNotification: { type: "success", message: t("archive.form.saved") },
    errorNotification: false,
    disableServerSideValidation: true,
    // SPEC 8: a failed detail load is only logged.
    queryMeta: { request: { silent: true } },
    queryOptions: { retry: false },
    onMutationSuccess: (_, values) => {
      release();
      draft.clear();
      setOffer(null);
      setDirty(false);
      // The record may now belong to another company than the archive it was opened from: that
      // company's archive is where it is listed.
      if (!savingToLeave.current) back((values as unknown as ServiceRecordFields).compId);
    },
    onMutationError: (error) => {
      form.setFields(
        fieldErrorsOf(error).map(({ field, message }) => ({ name: field as keyof ServiceRecordFormValues, errors: [message] })),
      );
    },
  });

  const record = query?.data?.data;
  const loadError = query?.error;
  useEffect(() => {
    if (loadError) console.error("serviceFilesDetails: the record could not be loaded", loadError);
  }, [loadError]);

  // ProForm keeps its initial values from the first render, so it is mounted once the record is in.
  const loading = id !== undefined && query?.isLoading;
  const initialValues = useMemo(() => (record ? recordValues(record) : newRecordValues(compId ? Number(compId) : undefined)), [record, compId]);

  // Once the form shows its values: a draft that differs from them is offered, one that does not is
  // of no use. Asked again only for another user.
  const [offer, setOffer] = useState<Draft<ServiceRecordDraft> | null>(null);
  const offeredFor = useRef<string | null>(null);
  useEffect(() => {
    if (loading || draftAt === null || offeredFor.current === draftAt) return;
    offeredFor.current = draftAt;
    const found = draft.read();
    if (found && changedFrom(initialValues, fromRecordDraft(found.values))) setOffer(found);
    else {
      setOffer(null);
      if (found) draft.clear();
    }
  }, [loading, draftAt, draft, initialValues]);

  // An edit carries the version it was based on: a record changed meanwhile is refused (409) with
  // who changed what, and what was typed stays in the form and its draft.
  const payloadOf = (values: ServiceRecordFormValues) =>
    ({ ...toPayload(values), ...(record ? { version: record.version } : {}) }) as unknown as ServiceRecordFormValues;

  const noteChange = (all: Partial<ServiceRecordFormValues>) => {
    const changed = changedFrom(initialValues, all);
    setDirty(changed);
    if (changed) draft.save(toRecordDraft(all));
    // Back to what was loaded: no draft, unless one is still being offered.
    else if (!offer) draft.clear();
  };

  const restoreDraft = () => {
    if (!offer) return;
    form.setFieldsValue(fromRecordDraft(offer.values));
    setOffer(null);
    noteChange(form.getFieldsValue());
  };

  const discardDraft = () => {
    setOffer(null);
    draft.clear();
    // What was typed since the form opened is a draft of its own.
    if (dirty) draft.save(toRecordDraft(form.getFieldsValue()));
  };

  /** The leave dialog's Save: true once the record is saved, false when a rule or the server refused it. */
  const saveToLeave = async (): Promise<boolean> => {
    let values: ServiceRecordFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    savingToLeave.current = true;
    try {
      await onFinish(payloadOf(values));
      return true;
    } catch {
      return false;
    } finally {
      savingToLeave.current = false;
    }
  };

  if (record && !record.editable) return readOnly;

  return (
    <PageFrame
      title="shell.titles.serviceFilesDetails"
      crumbs={archiveCrumbs}
      extra={
        <Space>
          <Button onClick={() => back()} data-testid="form-back">
            {t("archive.form.back")}
          </Button>
          <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()} data-testid="form-save">
            {t("archive.form.save")}
          </Button>
        </Space>
      }
    >
      {!loading && offer && <DraftNotice savedAt={offer.savedAt} onRestore={restoreDraft} onDiscard={discardDraft} />}
      {!loading && (
        <ProForm<ServiceRecordFormValues>
          form={form}
          layout="vertical"
          submitter={false}
          // Without it ProForm leaves cleared fields out, and a cleared optional field would stay.
          omitNil={false}
          // The pickers' Dayjs values reach toPayload as they are; it formats them as the contract says.
          dateFormatter={false}
          initialValues={initialValues}
          onValuesChange={(_, all) => noteChange(all)}
          onFinish={async (values) => {
            await onFinish(payloadOf(values)).catch(() => undefined);
          }}
          onFinishFailed={formProps.onFinishFailed}
          data-testid="service-record-form"
        >
          <ServiceRecordInputs
            attachmentName={record?.attachmentName}
            initialContentLength={record ? richTextLength(record.serviceContent) : 0}
            researcherUsers={record?.researcherUsers}
          />
        </ProForm>
      )}
      <UnsavedChangesDialog {...leaving} message={t("archive.unsaved.formMessage")} />
    </PageFrame>
  );
}
