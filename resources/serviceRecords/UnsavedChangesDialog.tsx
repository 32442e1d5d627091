import { Button, Modal } from "antd";
import { useT } from "../../src/i18n/I18nContext";

/** SPEC 2: switching away from a question tab with unsaved changes asks first. */
export function UnsavedChangesDialog({
  open,
  saving,
  onSave,
  onDiscard,
}: {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={t("archive.unsaved.title")}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={[
        <Button key="discard" onClick={onDiscard} data-testid="unsaved-discard">
          {t("archive.unsaved.discard")}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={onSave} data-testid="unsaved-save">
          {t("archive.unsaved.save")}
        </Button>,
      ]}
    >
      {t("archive.unsaved.message")}
    </Modal>
  );
}
