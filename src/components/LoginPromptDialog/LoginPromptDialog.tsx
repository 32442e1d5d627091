import { Modal } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { endSession } from "../../../providers/session/userSession";
import { useT } from "../../i18n/I18nContext";
import { Paths } from "../../../contract/paths";
import { isLoginPath } from "../../routes";

/** SPEC 9: the login prompt is 440 px wide. */
export const LOGIN_PROMPT_WIDTH = 440;

export interface LoginPromptOptions {
  /** Default 登录提示. */
  title?: ReactNode;
  /** Default: 'You are not logged in, log in now?' */
  hint?: ReactNode;
  /** Default: 'Log in now'. */
  confirmText?: ReactNode;
  /** Where confirming goes; default /login/index. */
  targetPath?: string;
  /** Closable by a click outside or Escape; default false. */
  dismissible?: boolean;
}

export interface LoginPromptDialogProps extends LoginPromptOptions {
  open: boolean;
  onClose: () => void;
}

/**
 * SPEC 2 login prompt. Confirming with a login path ends the session first (tokens, user info,
 * permissions), so the login page starts clean.
 */
export function LoginPromptDialog({
  open,
  onClose,
  title,
  hint,
  confirmText,
  targetPath = Paths.LOGIN_INDEX,
  dismissible = false,
}: LoginPromptDialogProps) {
  const t = useT();
  const navigate = useNavigate();

  const confirm = () => {
    if (isLoginPath(targetPath)) endSession();
    onClose();
    navigate(targetPath);
  };

  return (
    <Modal
      open={open}
      width={LOGIN_PROMPT_WIDTH}
      title={title ?? t("auth.loginPrompt.title")}
      okText={confirmText ?? t("auth.loginPrompt.confirm")}
      cancelText={t("auth.loginPrompt.cancel")}
      onOk={confirm}
      onCancel={onClose}
      maskClosable={dismissible}
      keyboard={dismissible}
      closable={dismissible}
      okButtonProps={{ "data-testid": "login-prompt-confirm" }}
      cancelButtonProps={{ "data-testid": "login-prompt-cancel" }}
      destroyOnHidden
    >
      <p data-testid="login-prompt-hint">{hint ?? t("auth.loginPrompt.hint")}</p>
    </Modal>
  );
}
