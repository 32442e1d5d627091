import { ProForm } from "@ant-design/pro-components";
import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Button, Space } from "antd";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { MenuCode } from "../../contract/menus";
import { richTextLength, type ServiceRecord } from "../../contract/serviceRecord";
import { ApiError } from "../../providers/apiError";
import { notify } from "../../providers/notifier";
import { useCanMenu } from "../../src/access";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { Paths } from "../../src/routes";
import { archiveCrumbs } from "./crumbs";
import { ServiceRecordInputs } from "./ServiceRecordInputs";
import { newRecordValues, recordValues, toPayload, type ServiceRecordFormValues } from "./serviceRecordValues";

/** The field errors of a releaseArchives refusal (HTTP 400, result.errors). */
function fieldErrorsOf(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.body as { result?: { errors?: unknown } } | undefined)?.result?.errors;
  return Array.isArray(errors) ? (errors as { field: string; message: string }[]) : [];
}

/** SPEC 2 /serviceFilesDetails?compId&id&disable: the visit record form, read-only with disable=true. */
export default function ServiceRecordDetails() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const compId = params.get("compId") ?? "";
  const id = params.get("id") ?? undefined;
  const canEdit = useCanMenu(MenuCode.SERVICE_FILES_EDIT);
  const readOnly = params.get("disable") === "true" || !canEdit;
  const back = () => navigate(`${Paths.SERVICE_FILES}?id=${encodeURIComponent(compId)}`);

  const { formProps, form, query, mutation, onFinish } = useForm<ServiceRecord, HttpError, ServiceRecordFormValues>({
    resource: "serviceRecords",
    action: id ? "edit" : "create",
    id,
    redirect: false,
    // The request layer toasts the server's message on a refusal; the field errors are mapped below.
    successNotification: false,
    errorNotification: false,
    disableServerSideValidation: true,
    // SPEC 8: a failed detail load is only logged.
    queryMeta: { request: { silent: true } },
    queryOptions: { retry: false },
    onMutationSuccess: () => {
      notify.success(t("archive.form.saved"));
      back();
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
  const loading = Boolean(id) && query?.isLoading;

  return (
    <PageFrame
      title="shell.titles.serviceFilesDetails"
      crumbs={archiveCrumbs}
      extra={
        <Space>
          <Button onClick={back} data-testid="form-back">
            {t("archive.form.back")}
          </Button>
          {!readOnly && (
            <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()} data-testid="form-save">
              {t("archive.form.save")}
            </Button>
          )}
        </Space>
      }
    >
      {!loading && (
        <ProForm<ServiceRecordFormValues>
          form={form}
          layout="vertical"
          submitter={false}
          // Without it ProForm leaves cleared fields out, and a cleared optional field would stay.
          omitNil={false}
          // The pickers' Dayjs values reach toPayload as they are; it formats them as the contract says.
          dateFormatter={false}
          disabled={readOnly}
          initialValues={record ? recordValues(record) : newRecordValues(compId ? Number(compId) : undefined)}
          onFinish={async (values) => {
            await onFinish(toPayload(values) as unknown as ServiceRecordFormValues).catch(() => undefined);
          }}
          onFinishFailed={formProps.onFinishFailed}
          data-testid="service-record-form"
        >
          <ServiceRecordInputs
            readOnly={readOnly}
            attachmentName={record?.attachmentName}
            initialContentLength={record ? richTextLength(record.serviceContent) : 0}
          />
        </ProForm>
      )}
    </PageFrame>
  );
}
