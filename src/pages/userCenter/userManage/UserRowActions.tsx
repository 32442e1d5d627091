import { useDelete, useNotification } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import { useT } from "../../../i18n/I18nContext";
import type { ManagedUser } from "./types";
import { useWriteCall } from "./useWriteCall";
import { users } from "../../../../resources/users/resource";

interface UserRowActionsProps {
  user: ManagedUser;
  onEdit: (user: ManagedUser) => void;
  /** The password a reset generated, to show once. */
  onPasswordReset: (username: string, password: string) => void;
}

/**
 * Edit, disable or enable, reset the password, delete. Every change but edit is confirmed first
 * (antd Popconfirm, buttons 确定 / 取消). A refusal, such as the last administrator's, is toasted
 * with the server's message by the request layer; here it only must not escape as an unhandled rejection.
 */
export function UserRowActions({ user, onEdit, onPasswordReset }: UserRowActionsProps) {
  const t = useT();
  const { open: toast } = useNotification();
  const { write } = useWriteCall("users");
  const { mutateAsync: remove } = useDelete();
  const name = user.name || user.username;
  const disabled = user.status === "disabled";

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch {
      // Shown already (see above).
    }
  };

  const toggle = () =>
    run(async () => {
      await write(disabled ? users.actions.enable : users.actions.disable, { id: user.id });
      toast?.({ type: "success", message: t(disabled ? "userManage.done.enabled" : "userManage.done.disabled") });
    });

  const resetPassword = () =>
    run(async () => {
      const result = await write<{ password: string }>(users.actions.resetPassword, { id: user.id });
      if (result?.password) onPasswordReset(user.username, result.password);
    });

  const deleteUser = () =>
    run(async () => {
      await remove({ resource: "users", id: user.id });
      toast?.({ type: "success", message: t("userManage.done.deleted") });
    });

  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => onEdit(user)} data-testid={`user-edit-${user.username}`}>
        {t("userManage.actions.edit")}
      </Button>
      <Popconfirm title={t(disabled ? "userManage.confirm.enable" : "userManage.confirm.disable", { name })} onConfirm={toggle}>
        <Button
          type="link"
          size="small"
          danger={!disabled}
          data-testid={`user-${disabled ? "enable" : "disable"}-${user.username}`}
        >
          {t(disabled ? "userManage.actions.enable" : "userManage.actions.disable")}
        </Button>
      </Popconfirm>
      <Popconfirm title={t("userManage.confirm.resetPassword", { name })} onConfirm={resetPassword}>
        <Button type="link" size="small" data-testid={`user-reset-${user.username}`}>
          {t("userManage.actions.resetPassword")}
        </Button>
      </Popconfirm>
      <Popconfirm title={t("userManage.confirm.delete", { name })} onConfirm={deleteUser} okButtonProps={{ danger: true }}>
        <Button type="link" size="small" danger data-testid={`user-delete-${user.username}`}>
          {t("userManage.actions.delete")}
        </Button>
      </Popconfirm>
    </Space>
  );
}
