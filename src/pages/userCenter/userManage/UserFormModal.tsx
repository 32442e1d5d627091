import { useModalForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import type { CreatedUser } from "../../../../contract/users";
import { FormModal } from "../../../components/FormModal";
import { useT } from "../../../i18n/I18nContext";
import type { ManagedUser, RoleOption, UserFormValues } from "./types";
import { UserInputs } from "./UserInputs";

interface UserFormModalProps {
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
export function UserFormModal({ user, roles, onClose, onCreated }: UserFormModalProps) {
  const t = useT();
  // Saving is the resource's create or update; the user comes from the list row, so nothing is fetched.
  const modalForm = useModalForm<ManagedUser, HttpError, UserFormValues, ManagedUser, ManagedUser | CreatedUser>({
    resource: "users",
    action: user ? "edit" : "create",
    id: user?.id,
    defaultVisible: true,
    redirect: false,
    // A new account is announced by the dialog with its generated password instead.
    successNotification: user ? { type: "success", message: t("userManage.done.saved") } : false,
    disableServerSideValidation: true,
    queryOptions: { enabled: false },
    onMutationSuccess: ({ data }, values) => {
      onClose();
      if ("initialPassword" in data) onCreated(values.username ?? "", data.initialPassword);
    },
  });

  return (
    <FormModal<UserFormValues>
      modalForm={modalForm}
      title={t(user ? "userManage.form.editTitle" : "userManage.form.createTitle")}
      testId="user-form"
      initialValues={
        user
          ? { name: user.name, mobile: user.mobile, roleCodes: user.roles.map((role) => role.code), companyId: user.company?.id ?? null }
          : { roleCodes: [] }
      }
      toPayload={(values) => (user ? toPayload(values) : { username: values.username ?? "", ...toPayload(values) })}
      onClose={onClose}
    >
      <UserInputs user={user} roles={roles} />
    </FormModal>
  );
}
