import { useNotification } from "@refinedev/core";
import { Button, Space, Typography } from "antd";
import { warningNotice } from "../../../../providers/notificationProvider";
import { DraggableModal } from "../../../components/DraggableModal";
import { useT } from "../../../i18n/I18nContext";

export interface OneTimePassword {
  /** i18n key of the dialog title. */
  title: string;
  username: string;
  password: string;
}

/**
 * A generated password, shown this once: it lives only in the caller's state until the dialog is
 * closed, and can only be closed with the button, so it is not dismissed by a stray click.
 */
export function OneTimePasswordDialog({ shown, onClose }: { shown: OneTimePassword | null; onClose: () => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      toast?.({ type: "success", message: t("userManage.password.copied") });
    } catch {
      toast?.(warningNotice(t("userManage.password.copyFailed")));
    }
  };
  return (
    <DraggableModal
      open={shown !== null}
      title={shown ? t(shown.title) : null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="initial-password-close">
          {t("userManage.password.close")}
        </Button>
      }
    >
      {shown && (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph type="warning">{t("userManage.password.hint")}</Typography.Paragraph>
          <Typography.Text>{t("userManage.password.forUser", { username: shown.username })}</Typography.Text>
          <Space>
            <Typography.Text code strong style={{ fontSize: 18 }} data-testid="initial-password">
              {shown.password}
            </Typography.Text>
            <Button onClick={() => void copy(shown.password)} data-testid="initial-password-copy">
              {t("userManage.password.copy")}
            </Button>
          </Space>
        </Space>
      )}
    </DraggableModal>
  );
}
