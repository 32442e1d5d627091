import { ProForm } from "@ant-design/pro-components";
import { Button, Spin, type FormInstance } from "antd";
import { useLayoutEffect, useState, type ReactNode } from "react";
import { useT } from "../../i18n/I18nContext";
import { DraggableModal } from "../DraggableModal";

/**
 * An add-or-edit dialog: a draggable modal holding a ProForm, saved by the footer's button. A
 * refusal keeps the dialog open (the request layer has shown the server's message) so the input can
 * be corrected; `onFinish` closes it on success, 取消 closes it without saving.
 */
export function FormModal<T extends object>({
  open,
  title,
  testId,
  form,
  initialValues,
  onFinish,
  onClose,
  submitting,
  loading = false,
  width,
  children,
}: {
  open: boolean;
  /** The dialog's title, already translated. */
  title: string;
  /** The form's test id; the save button's is `${testId}-submit`. */
  testId: string;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  onFinish: (values: T) => Promise<void>;
  onClose: () => void;
  submitting: boolean;
  /** While the record to edit loads: a spinner, and nothing to save yet. */
  loading?: boolean;
  width?: number;
  children: ReactNode;
}) {
  const t = useT();
  // Each opening mounts a new form; see FreshStart.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings(openings + 1);
  }
  return (
    <DraggableModal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={width}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid={`${testId}-cancel`}>
          {t("controls.dialog.cancel")}
        </Button>,
        <Button key="save" type="primary" disabled={loading} loading={submitting} onClick={() => form.submit()} data-testid={`${testId}-submit`}>
          {t("controls.formModal.save")}
        </Button>,
      ]}
    >
      {loading ? (
        <Spin />
      ) : (
        <ProForm<T>
          key={openings}
          form={form}
          layout="vertical"
          submitter={false}
          // Without it ProForm leaves cleared fields out of the values, and a cleared field would stay.
          omitNil={false}
          initialValues={initialValues}
          onFinish={onFinish}
          data-testid={testId}
        >
          {children}
          <FreshStart form={form} />
        </ProForm>
      )}
    </DraggableModal>
  );
}

/**
 * The form instance outlives the dialog, and a form mounted on it keeps the values the instance
 * holds over its initialValues: without a reset an add would open with the last record typed.
 * Rendered after the fields, so its layout effect runs once they are mounted (and before paint),
 * when the form has taken this opening's initialValues.
 */
function FreshStart({ form }: { form: FormInstance }) {
  useLayoutEffect(() => form.resetFields(), [form]);
  return null;
}
