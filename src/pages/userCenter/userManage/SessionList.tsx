import { useTable } from "@refinedev/antd";
import { useDelete, useNotification } from "@refinedev/core";
import { Button, Popconfirm, Tooltip } from "antd";
import type { ApiError } from "../../../../providers/apiError";
import { LIST_TABLE_OPTIONS, ListSearch, ListTable, searchFilters, type ListColumn } from "../../../components/ListTable";
import { useT } from "../../../i18n/I18nContext";
import { ListError, retryUnlessRefused } from "../../../components/ListError";
import type { ActiveSession } from "./types";
import { ListSorts } from "../../../../contract/listSorts";

/** The sessions tab: who is signed in from where, each session endable (confirmed first). */
export function SessionList() {
  const t = useT();
  const { open: toast } = useNotification();
  const { mutateAsync: end } = useDelete();
  const endSession = async (session: ActiveSession) => {
    try {
      await end({ resource: "sessions", id: session.id });
      toast?.({ type: "success", message: t("userManage.sessions.ended") });
    } catch {
      // The request layer has shown the server's message.
    }
  };

  const columns: ListColumn<ActiveSession>[] = [
    {
      title: t("userManage.sessions.user"),
      render: (_node, row) => `${row.name || row.username} (${row.username})`,
      search: { label: t("userManage.sessions.usernameFilter"), field: "username", testId: "session-filter-username" },
    },
    { title: t("userManage.sessions.ip"), dataIndex: "ip", valueType: "text" },
    {
      title: t("userManage.sessions.browser"),
      dataIndex: "browser",
      render: (_node, row) => <Tooltip title={row.userAgent}>{row.browser}</Tooltip>,
    },
    { title: t("userManage.sessions.signInDate"), dataIndex: "signInDate", valueType: "dateTime" },
    { title: t("userManage.sessions.lastCallDate"), dataIndex: "lastCallDate", valueType: "dateTime" },
    {
      title: t("userManage.fields.actions"),
      key: "actions",
      valueType: "option",
      render: (_node, row) => (
        <Popconfirm title={t("userManage.sessions.endConfirm", { name: row.name || row.username })} onConfirm={() => endSession(row)}>
          <Button type="link" size="small" danger data-testid={`session-end-${row.id}`}>
            {t("userManage.sessions.end")}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const { tableProps, searchFormProps, tableQuery, sorters } = useTable<ActiveSession, ApiError, { username?: string }>({
    ...LIST_TABLE_OPTIONS,
    resource: "sessions",
    syncWithLocation: true,
    onSearch: (values) => searchFilters(columns, values),
    queryOptions: { retry: retryUnlessRefused },
  });

  return (
    <>
      <ListSearch columns={columns} formProps={searchFormProps} />
      {tableQuery.error ? (
        <ListError error={tableQuery.error} />
      ) : (
        <ListTable<ActiveSession> testId="session-table" tableProps={tableProps} columns={columns} sortable={ListSorts.sessions} sorters={sorters} />
      )}
    </>
  );
}
