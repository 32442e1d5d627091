import { Alert, Form, Input } from "antd";
import { VOID_REASON_MAX } from "../../contract/limits";
import { CallFormModal } from "../../src/components/CallFormModal";
import { useT } from "../../src/i18n/I18nContext";
import { serviceRecords } from "./resource";

/** Voids a record with a reason (POST /api/archives/voidRecord), based on the version the view shows. */
export function VoidRecordModal({ id, version, onClose }: { id: number; version: number; onClose: (done: boolean) => void }) {
  const t = useT();
  return (
    <CallFormModal<{ reason: string }>
      title={t("archive.voiding.title")}
      okText={t("archive.voiding.confirm")}
      cancelText={t("controls.dialog.cancel")}
      okDanger
      call={serviceRecords.actions.void}
      body={({ reason }) => ({ id, version, reason: reason.trim() })}
      success={t("archive.voiding.done")}
      onClose={onClose}
      testId="record-void"
    >
      <Alert type="warning" showIcon message={t("archive.voiding.hint")} style={{ marginBottom: 16 }} />
      <Form.Item
        name="reason"
        label={t("archive.voiding.reason")}
        rules={[
          { required: true, whitespace: true, message: t("archive.voiding.reasonRequired") },
          { max: VOID_REASON_MAX, message: t("archive.voiding.reasonTooLong", { max: VOID_REASON_MAX }) },
        ]}
      >
        <Input.TextArea rows={3} maxLength={VOID_REASON_MAX} showCount placeholder={t("archive.voiding.reasonPlaceholder")} data-testid="record-void-reason" />
      </Form.Item>
    </CallFormModal>
  );
}
