import { Form, Input, Select, type SelectProps } from "antd";
import { MOBILE_PATTERN, USERNAME_PATTERN } from "../../../../contract/account";
import { USER_NAME_MAX } from "../../../../contract/users";
import { useT } from "../../../i18n/I18nContext";
import { CompanySelect } from "./CompanySelect";
import { infoExists } from "./infoExists";
import type { ManagedUser, RoleOption } from "./types";

interface UserInputsProps {
  /** The user being edited; none when creating. */
  user?: ManagedUser;
  roles: RoleOption[];
}

/**
 * Form.Item marks its control aria-required, and a multiple Select copies that onto its outer box,
 * where ARIA does not allow it (axe: aria-allowed-attr, critical). The field's asterisk and its
 * message say it is required.
 */
function RolesSelect({ "aria-required": _required, ...props }: SelectProps<string[]>) {
  return <Select mode="multiple" {...props} />;
}

/** The fields create and edit share; the username is chosen once, at creation. */
export function UserInputs({ user, roles }: UserInputsProps) {
  const t = useT();
  return (
    <>
      {!user && (
        <Form.Item
          name="username"
          label={t("userManage.fields.username")}
          validateFirst
          validateDebounce={300}
          rules={[
            { required: true, message: t("userManage.form.usernameRequired") },
            { pattern: USERNAME_PATTERN, message: t("userManage.form.usernameFormat") },
            {
              validator: async (_rule, value: string) => {
                if (await infoExists("username", value)) throw new Error(t("userManage.form.usernameTaken"));
              },
            },
          ]}
        >
          <Input placeholder={t("userManage.form.usernamePlaceholder")} data-testid="user-form-username" />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t("userManage.fields.name")}
        rules={[
          { required: true, whitespace: true, message: t("userManage.form.nameRequired") },
          { max: USER_NAME_MAX, message: t("userManage.form.nameTooLong", { max: USER_NAME_MAX }) },
        ]}
      >
        <Input placeholder={t("userManage.form.namePlaceholder")} data-testid="user-form-name" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t("userManage.fields.mobile")}
        validateFirst
        validateDebounce={300}
        rules={[
          { pattern: MOBILE_PATTERN, message: t("userManage.form.mobileFormat") },
          {
            validator: async (_rule, value: string | undefined) => {
              // The user's own number is not "taken"; an empty one is allowed.
              if (!value || value === user?.mobile) return;
              if (await infoExists("mobile", value)) throw new Error(t("userManage.form.mobileTaken"));
            },
          },
        ]}
      >
        <Input placeholder={t("userManage.form.mobilePlaceholder")} allowClear data-testid="user-form-mobile" />
      </Form.Item>
      <Form.Item
        name="roleCodes"
        label={t("userManage.fields.roles")}
        rules={[{ required: true, type: "array", min: 1, message: t("userManage.form.rolesRequired") }]}
      >
        <RolesSelect
          placeholder={t("userManage.form.rolesPlaceholder")}
          options={roles.map((role) => ({ label: role.name, value: role.code }))}
          data-testid="user-form-roles"
        />
      </Form.Item>
      <Form.Item name="companyId" label={t("userManage.fields.company")}>
        <CompanySelect current={user?.company} />
      </Form.Item>
    </>
  );
}
