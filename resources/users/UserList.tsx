import { useTable } from "@refinedev/antd";
import { useMemo } from "react";
import { LIST_TABLE_OPTIONS, ListTable, type ListColumn } from "../../src/components/ListTable";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import type { AdminUser as UserRow } from "../../contract/users";
import { ListSorts } from "../../contract/listSorts";

const CRUMBS = [{ title: "shell.titles.home", path: "/" }, { title: "shell.titles.userList" }];

/** SPEC 2 user list (/user): index, mobile phone number and creation time, over POST /api/user/listData. */
export default function UserList() {
  const t = useT();
  // Refine owns the fetching and the URL (page, size); ProTable only renders. The call is silent: a
  // refusal becomes the no-permission state below instead of a toast.
  const { tableProps, tableQuery, sorters } = useTable<UserRow>({
    ...LIST_TABLE_OPTIONS,
    resource: "users",
  });

  const columns = useMemo<ListColumn<UserRow>[]>(
    () => [
      { title: t("admin.users.columns.index"), key: "index", valueType: "index", width: 80 },
      { title: t("admin.users.columns.username"), dataIndex: "username", valueType: "text" },
      { title: t("admin.users.columns.name"), dataIndex: "name", valueType: "text" },
      { title: t("admin.users.columns.mobile"), dataIndex: "mobile", valueType: "text" },
      { title: t("admin.users.columns.createdDate"), dataIndex: "createdDate", valueType: "dateTime" },
    ],
    [t],
  );

  const { error } = tableQuery;
  if (isPermissionRefused(error)) {
    return (
      <PageFrame title="shell.titles.userList" crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="shell.titles.userList" crumbs={CRUMBS}>
      <ListTable<UserRow> testId="user-table" tableProps={tableProps} columns={columns} error={error} sortable={ListSorts.users} sorters={sorters} />
    </PageFrame>
  );
}
