import { ProForm } from "@ant-design/pro-components";
import { Button, Spin, type FormProps, type ModalProps } from "antd";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { useT } from "../../i18n/I18nContext";
import { DraggableModal } from "../DraggableModal";

/** What FormModal takes from Refine's useModalForm. */
export interface ModalForm<T> {
  modalProps: ModalProps;
  formProps: FormProps<T>;
  formLoading: boolean;
}

/**
 * An add-or-edit dialog over Refine's useModalForm: a draggable modal holding a ProForm, saved by the
 * footer's button through the hook's save (the resource's create or update). A refusal keeps the
 * dialog open (the request layer has shown the server's message) so the input can be corrected; the
 * hook closes it on success, and 取消 closes it without saving. The owner mounts one per opening, so
 * an add always starts empty.
 */
export function FormModal<T extends object>({
  modalForm: { modalProps, formProps, formLoading },
  title,
  testId,
  initialValues,
  toPayload,
  onClose,
  loading = false,
  width,
  children,
}: {
  modalForm: ModalForm<T>;
  /** The dialog's title, already translated. */
  title: string;
  /** The form's test id; the save button's is `${testId}-submit`, the cancel button's `${testId}-cancel`. */
  testId: string;
  /** Where the form starts: an edit's record (when the hook did not load it) or an add's defaults. */
  initialValues?: Partial<T>;
  /** The body the save sends, from what the form holds (trimmed, cleared fields as null…). */
  toPayload?: (values: T) => object;
  /** After the dialog is closed, saved or not: its owner unmounts it. */
  onClose: () => void;
  /** While the record to edit loads: a spinner, and nothing to save yet. */
  loading?: boolean;
  width?: number;
  children: ReactNode;
}) {
  const t = useT();
  // The fields appear from the dialog's second render on. Refine's useForm resets the form once the
  // dialog has mounted, and a reset remounts every field (rc-field-form re-keys them), so a field drawn
  // before it would be replaced, with whatever was typed into it. A dialog loaded on demand (lazyPart)
  // mounts on its own a moment after the click rather than inside it: this keeps its fields stable.
  const [settled, setSettled] = useState(false);
  useEffect(() => setSettled(true), []);
  const cancel = (event: MouseEvent<HTMLButtonElement>) => {
    modalProps.onCancel?.(event);
    onClose();
  };
  const save = async (values: T) => {
    try {
      await formProps.onFinish?.((toPayload ? toPayload(values) : values) as T);
    } catch {
      // Shown by the request layer; the values stay for the user to correct.
    }
  };
  return (
    <DraggableModal
      {...modalProps}
      title={title}
      width={width}
      onCancel={cancel}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={cancel} data-testid={`${testId}-cancel`}>
          {t("controls.dialog.cancel")}
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={loading}
          loading={!loading && formLoading}
          onClick={() => formProps.form?.submit()}
          data-testid={`${testId}-submit`}
        >
          {t("controls.formModal.save")}
        </Button>,
      ]}
    >
      {loading ? (
        <Spin />
      ) : (
        <ProForm<T>
          form={formProps.form}
          layout="vertical"
          submitter={false}
          // Without it ProForm leaves cleared fields out of the values, and a cleared field would stay.
          omitNil={false}
          initialValues={initialValues ?? formProps.initialValues}
          onFinish={save}
          data-testid={testId}
        >
          {settled && children}
        </ProForm>
      )}
    </DraggableModal>
  );
}
