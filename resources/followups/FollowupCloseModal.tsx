import { useCustomMutation, useNotification } from "@refinedev/core";
import { Form, Input, Modal, type ButtonProps } from "antd";
import { useState } from "react";
import { FOLLOWUP_NOTE_MAX } from "../../contract/followups";
import type { FollowupRow } from "../../contract/schemas/followups";
import { customCall } from "../../providers/endpoints";
import { useT } from "../../src/i18n/I18nContext";
import { followups } from "./resource";

/** Closes one follow-up with a note (POST /api/followups/close); the request layer shows a refusal. */
export function FollowupCloseModal({ row, onClose }: { row: FollowupRow; onClose: (closed: boolean) => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const { mutateAsync } = useCustomMutation();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let note: string;
    try {
      ({ note } = await form.validateFields());
    } catch {
      // The field says what is missing.
      return;
    }
    setSaving(true);
    try {
      await mutateAsync({ ...customCall(followups.actions.close), values: { compId: row.compId, recordId: row.recordId, note: note.trim() }, errorNotification: false });
      toast?.({ type: "success", message: t("followups.close.done") });
      onClose(true);
    } catch {
      // The request layer has said why; the dialog stays for another try or 取消.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("followups.close.title", { company: row.companyName })}
      okText={t("followups.close.submit")}
      cancelText={t("followups.close.cancel")}
      confirmLoading={saving}
      onOk={save}
      onCancel={() => onClose(false)}
      okButtonProps={{ "data-testid": "followup-close-submit" } as ButtonProps}
      cancelButtonProps={{ "data-testid": "followup-close-cancel" } as ButtonProps}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t("followups.close.note")}
          rules={[
            { required: true, whitespace: true, message: t("followups.close.noteRequired") },
            { max: FOLLOWUP_NOTE_MAX, message: t("followups.close.noteTooLong", { max: FOLLOWUP_NOTE_MAX }) },
          ]}
        >
          <Input.TextArea rows={4} placeholder={t("followups.close.notePlaceholder")} data-testid="followup-close-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
