import { Button, Form, Input, Select, Space, type FormProps } from "antd";
import { USER_STATUSES, type UserListFilter as UserListModel } from "../../../../contract/users";
import { useT } from "../../../i18n/I18nContext";
import type { RoleOption } from "./types";

/** Search by name, mobile, role and status; the table keeps what is searched in the URL. */
export function UserListFilter({ formProps, roles }: { formProps: FormProps<UserListModel>; roles: RoleOption[] }) {
  const t = useT();
  return (
    <Form {...formProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="name">
        <Input placeholder={t("userManage.filter.name")} allowClear data-testid="user-filter-name" />
      </Form.Item>
      <Form.Item name="mobile">
        <Input placeholder={t("userManage.filter.mobile")} allowClear data-testid="user-filter-mobile" />
      </Form.Item>
      <Form.Item name="roleCode">
        <Select
          placeholder={t("userManage.filter.role")}
          aria-label={t("userManage.filter.role")}
          allowClear
          style={{ width: 160 }}
          options={roles.map((role) => ({ label: role.name, value: role.code }))}
          data-testid="user-filter-role"
        />
      </Form.Item>
      <Form.Item name="status">
        <Select
          placeholder={t("userManage.filter.status")}
          aria-label={t("userManage.filter.status")}
          allowClear
          style={{ width: 120 }}
          options={USER_STATUSES.map((status) => ({ label: t(`userManage.status.${status}`), value: status }))}
          data-testid="user-filter-status"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="user-filter-search">
          {t("userManage.filter.search")}
        </Button>
        <Button
          onClick={() => {
            formProps.form?.resetFields();
            formProps.form?.submit();
          }}
        >
          {t("userManage.filter.reset")}
        </Button>
      </Space>
    </Form>
  );
}
