import { Form, Input } from "antd";
import { FOLLOWUP_NOTE_MAX } from "../../contract/followups";
import type { FollowupRow } from "../../contract/schemas/followups";
import { CallFormModal } from "../../src/components/CallFormModal";
import { useT } from "../../src/i18n/I18nContext";
import { followups } from "./resource";

/** Closes one follow-up with a note (POST /api/followups/close); the request layer shows a refusal. */
export function FollowupCloseModal({ row, onClose }: { row: FollowupRow; onClose: (closed: boolean) => void }) {
  const t = useT();
  return (
    <CallFormModal<{ note: string }>
      title={t("followups.close.title", { company: row.companyName })}
      okText={t("followups.close.submit")}
      cancelText={t("followups.close.cancel")}
      call={followups.actions.close}
      body={({ note }) => ({ compId: row.compId, recordId: row.recordId, note: note.trim() })}
      success={t("followups.close.done")}
      onClose={onClose}
      testId="followup-close"
    >
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
    </CallFormModal>
  );
}
