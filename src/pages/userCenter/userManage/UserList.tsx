import { useTable } from "@refinedev/antd";
import { Button, Tag } from "antd";
import { Suspense, useState } from "react";
import { USER_STATUSES, type UserListFilter as UserListModel } from "../../../../contract/users";
import type { ApiError } from "../../../../providers/apiError";
import { LIST_TABLE_OPTIONS, ListTable, valueEnumOf, type ListColumn } from "../../../components/ListTable";
import { useT } from "../../../i18n/I18nContext";
import { lazyPart } from "../../../lazyPage";
import { ListError, retryUnlessRefused } from "../../../components/ListError";
import { OneTimePasswordDialog, type OneTimePassword } from "./OneTimePasswordDialog";
import type { ManagedUser } from "./types";
import { UserListFilter } from "./UserListFilter";
import { UserRowActions } from "./UserRowActions";
import { roleNameOf, useRoleOptions } from "./useRoleOptions";
import { ListSorts } from "../../../../contract/listSorts";

// The add/edit dialog (ProForm) loads when it is first opened (issue 10 item 8).
const UserFormModal = lazyPart(async () => (await import("./UserFormModal")).UserFormModal);

/** The form open: a new user, or the one being edited. */
type Editing = { user?: ManagedUser } | null;

/** The users tab: search, the table, and the create, edit and row actions. */
export function UserList() {
  const t = useT();
  const roles = useRoleOptions();
  const [editing, setEditing] = useState<Editing>(null);
  const [password, setPassword] = useState<OneTimePassword | null>(null);
  const { tableProps, searchFormProps, tableQuery, sorters } = useTable<ManagedUser, ApiError, UserListModel>({
    ...LIST_TABLE_OPTIONS,
    resource: "users",
    syncWithLocation: true,
    onSearch: ({ name, mobile, roleCode, status }) => [
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "mobile", operator: "contains", value: mobile?.trim() },
      { field: "roleCode", operator: "eq", value: roleCode },
      { field: "status", operator: "eq", value: status },
    ],
    // ListError reports a failure in place of the table.
    queryOptions: { retry: retryUnlessRefused },
  });

  const columns: ListColumn<ManagedUser>[] = [
    { title: t("userManage.fields.username"), dataIndex: "username", valueType: "text" },
    { title: t("userManage.fields.name"), dataIndex: "name", valueType: "text" },
    { title: t("userManage.fields.mobile"), dataIndex: "mobile", valueType: "text" },
    {
      title: t("userManage.fields.roles"),
      dataIndex: "roles",
      render: (_node, user) => user.roles.map((role) => <Tag key={role.code}>{roleNameOf(role, t)}</Tag>),
    },
    { title: t("userManage.fields.company"), dataIndex: ["company", "name"], valueType: "text" },
    {
      title: t("userManage.fields.status"),
      dataIndex: "status",
      valueType: "select",
      valueEnum: valueEnumOf(USER_STATUSES, (status) => t(`userManage.status.${status}`), (status) => ({ status: status === "enabled" ? "Success" : "Default" })),
      render: (dom, user) => <span data-testid={`user-status-${user.username}`}>{dom}</span>,
    },
    { title: t("userManage.fields.createdDate"), dataIndex: "createdDate", valueType: "dateTime" },
    { title: t("userManage.fields.lastSignInDate"), dataIndex: "lastSignInDate", valueType: "dateTime" },
    {
      title: t("userManage.fields.actions"),
      key: "actions",
      valueType: "option",
      fixed: "right",
      render: (_node, user) => (
        <UserRowActions
          user={user}
          onEdit={(picked) => setEditing({ user: picked })}
          onPasswordReset={(username, value) => setPassword({ title: "userManage.password.resetTitle", username, password: value })}
        />
      ),
    },
  ];

  return (
    <>
      <UserListFilter formProps={searchFormProps} roles={roles} />
      {tableQuery.error ? (
        <ListError error={tableQuery.error} />
      ) : (
        <ListTable<ManagedUser> testId="user-manage-table" tableProps={tableProps} columns={columns}
          sortable={ListSorts.users} sorters={sorters}
          toolBar={[
            <Button key="create" type="primary" onClick={() => setEditing({})} data-testid="user-manage-create">
              {t("userManage.actions.create")}
            </Button>,
          ]} />
      )}
      {editing && (
        // One dialog per opening: Refine's form takes its action and id when it starts, and an add starts empty.
        <Suspense fallback={null}>
          <UserFormModal
            key={editing.user?.id ?? "new"}
            user={editing.user}
            roles={roles}
            onClose={() => setEditing(null)}
            onCreated={(username, value) => setPassword({ title: "userManage.password.createdTitle", username, password: value })}
          />
        </Suspense>
      )}
      <OneTimePasswordDialog shown={password} onClose={() => setPassword(null)} />
    </>
  );
}
