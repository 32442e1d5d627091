import { useCustomMutation, useNotification } from "@refinedev/core";
import { Form, Modal, type ButtonProps, type FormInstance } from "antd";
import { useState, type ReactNode } from "react";
import type { Call } from "../../../contract/resourceCalls";
import { customCall } from "../../../providers/endpoints";

interface CallFormModalProps<V> {
  title: ReactNode;
  okText: string;
  cancelText: string;
  /** The declared call the form's values go to (a resource's `actions`). */
  call: Call & { method: "post" };
  /** The call's body from the form's checked values. */
  body: (values: V) => object;
  /** Toasted when the call succeeds. */
  success: string;
  onClose: (done: boolean) => void;
  /** The form's fields; the form instance is there for fields that need it. */
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  /** Prefix of the buttons' test ids (`-submit`, `-cancel`). */
  testId: string;
  okDanger?: boolean;
}

/**
 * A dialog whose form sends one call: the fields say what is missing before anything is sent, the
 * request layer says why the server refused (the dialog then stays for another try or Cancel),
 * and a success is toasted and closes it.
 */
export function CallFormModal<V extends object>({ title, okText, cancelText, call, body, success, onClose, children, testId, okDanger }: CallFormModalProps<V>) {
  const { open: toast } = useNotification();
  const { mutateAsync } = useCustomMutation();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await mutateAsync({ ...customCall(call), values: body(values), errorNotification: false });
      toast?.({ type: "success", message: success });
      onClose(true);
    } catch {
      // The request layer has said why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={saving}
      onOk={save}
      onCancel={() => onClose(false)}
      okButtonProps={{ danger: okDanger, "data-testid": `${testId}-submit` } as ButtonProps}
      cancelButtonProps={{ "data-testid": `${testId}-cancel` } as ButtonProps}
    >
      <Form form={form} layout="vertical">
        {typeof children === "function" ? children(form) : children}
      </Form>
    </Modal>
  );
}
