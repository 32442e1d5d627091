import { useCreate, useUpdate } from "@refinedev/core";
import { Form } from "antd";
import type { CreatedUser } from "../../../../contract/users";
import { notify } from "../../../../providers/notifier";
import { FormModal } from "../../../components/FormModal";
import { useT } from "../../../i18n/I18nContext";
import type { ManagedUser, RoleOption, UserFormValues } from "./types";
import { UserInputs } from "./UserInputs";

interface UserFormModalProps {
  open: boolean;
  /** The user to edit; none to create one. */
  user?: ManagedUser;
  roles: RoleOption[];
  onClose: () => void;
  /** A new account and the password the server generated for it. */
  onCreated: (username: string, initialPassword: string) => void;
}

/** The form as the edit call takes it: a cleared mobile or company goes as null, which clears it. */
function toPayload(values: UserFormValues) {
  return {
    name: values.name.trim(),
    mobile: values.mobile?.trim() || null,
    roleCodes: values.roleCodes,
    companyId: values.companyId ?? null,
  };
}

/** Create or edit a user in a dialog; both go through POST /api/user/edit. */
export function UserFormModal({ open, user, roles, onClose, onCreated }: UserFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<UserFormValues>();
  const { mutateAsync: create, mutation: creating } = useCreate<CreatedUser>();
  const { mutateAsync: update, mutation: updating } = useUpdate<ManagedUser>();

  const save = async (values: UserFormValues) => {
    try {
      if (user) {
        await update({ resource: "users", id: user.id, values: toPayload(values) });
        notify.success(t("userManage.done.saved"));
        onClose();
      } else {
        const username = values.username ?? "";
        const { data } = await create({ resource: "users", values: { username, ...toPayload(values) } });
        onClose();
        onCreated(username, data.initialPassword);
      }
    } catch {
      // The request layer has shown the server's message; the dialog stays open to correct the input.
    }
  };

  return (
    <FormModal<UserFormValues>
      open={open}
      title={t(user ? "userManage.form.editTitle" : "userManage.form.createTitle")}
      testId="user-form"
      form={form}
      initialValues={
        user
          ? { name: user.name, mobile: user.mobile, roleCodes: user.roles.map((role) => role.code), companyId: user.company?.id ?? null }
          : { roleCodes: [] }
      }
      onFinish={save}
      onClose={onClose}
      submitting={creating.isPending || updating.isPending}
    >
      <UserInputs user={user} roles={roles} />
    </FormModal>
  );
}
