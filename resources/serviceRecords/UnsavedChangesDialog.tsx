import { Button, Modal } from "antd";
import { useT } from "../../src/i18n/I18nContext";

/**
 * SPEC 2: switching away from a question tab with unsaved changes asks first. Leaving the page asks
 * the same, with a third way out (`onStay`): the navigation is cancelled and the edits stay.
 * `message` replaces the question tab's wording (the visit form says "form").
 */
export function UnsavedChangesDialog({
  open,
  saving,
  onSave,
  onDiscard,
  onStay,
  message,
}: {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onStay?: () => void;
  message?: string;
}) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={t("archive.unsaved.title")}
      closable={Boolean(onStay)}
      onCancel={onStay}
      maskClosable={false}
      keyboard={Boolean(onStay)}
      destroyOnHidden
      footer={[
        onStay && (
          <Button key="stay" onClick={onStay} data-testid="unsaved-stay">
            {t("archive.unsaved.stay")}
          </Button>
        ),
        <Button key="discard" onClick={onDiscard} data-testid="unsaved-discard">
          {t("archive.unsaved.discard")}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={onSave} data-testid="unsaved-save">
          {t("archive.unsaved.save")}
        </Button>,
      ]}
    >
      {message ?? t("archive.unsaved.message")}
    </Modal>
  );
}
