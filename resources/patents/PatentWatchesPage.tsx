import { useNotification } from "@refinedev/core";
import { Alert, Button, Popconfirm, Space, Table, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { Paths } from "../../contract/paths";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { patentSearchHref } from "./searchLinks";
import { deleteWatch, fetchWatches, type PatentWatch } from "./watchCalls";
import { describeModel } from "./watchText";
// The lists' empty text, dark enough to read (antd's own placeholder grey is too light).
import "../../src/components/ListTable/listTable.css";

const CRUMBS = [{ title: "shell.titles.home", path: Paths.HOME }, { title: "shell.titles.patents", path: Paths.PATENTS }, { title: "shell.titles.patentWatches" }];

/**
 * 我的关注 (issue 12 item 6): the user's saved searches, applicants and IPC groups. Each import
 * announces their new matches in the notification centre; a watch opens its search or is deleted.
 */
export default function PatentWatchesPage() {
  const t = useT();
  const { open: toast } = useNotification();
  const [records, setRecords] = useState<PatentWatch[] | undefined>(undefined);
  const [max, setMax] = useState(0);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await fetchWatches();
      setRecords(list.records);
      setMax(list.max);
      setFailed(false);
    } catch {
      setFailed(true);
      setRecords((shown) => shown ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (watch: PatentWatch) => {
    try {
      await deleteWatch(watch.id);
      toast?.({ type: "success", message: t("patents.watches.deleted", { name: watch.name }) });
    } finally {
      await load();
    }
  };

  return (
    <PageFrame
      title="shell.titles.patentWatches"
      crumbs={CRUMBS}
      extra={
        <Link to={Paths.PATENTS} data-testid="patent-watches-back">
          {t("patents.watches.back")}
        </Link>
      }
    >
      {failed && <Alert type="error" showIcon message={t("patents.watches.failed")} style={{ marginBottom: 16 }} />}
      {records !== undefined && records.length > 0 && (
        <Typography.Paragraph type="secondary" data-testid="patent-watches-count">
          {t("patents.watches.count", { count: records.length, max })}
        </Typography.Paragraph>
      )}
      <Table<PatentWatch>
        rowKey="id"
        data-testid="patent-watches"
        loading={records === undefined}
        dataSource={records ?? []}
        pagination={false}
        locale={{ emptyText: <span className="list-table__empty">{t("patents.watches.empty")}</span> }}
        columns={[
          { title: t("patents.watches.columns.name"), dataIndex: "name", render: (name: string, row) => <span data-testid={`patent-watch-name-${row.id}`}>{name}</span> },
          { title: t("patents.watches.columns.kind"), dataIndex: "kind", render: (kind: PatentWatch["kind"]) => t(`patents.watches.kinds.${kind}`) },
          { title: t("patents.watches.columns.condition"), dataIndex: "model", render: (_, row) => describeModel(row.model, t) },
          { title: t("patents.watches.columns.createdAt"), dataIndex: "createdAt" },
          {
            title: t("patents.watches.columns.actions"),
            key: "actions",
            render: (_, row) => (
              <Space>
                <Link to={patentSearchHref(Paths.PATENTS, row.model)} data-testid={`patent-watch-search-${row.id}`}>
                  {t("patents.watches.search")}
                </Link>
                <Popconfirm title={t("patents.watches.deleteConfirm", { name: row.name })} onConfirm={() => remove(row)} okText={t("patents.watches.delete")} cancelText={t("patents.watches.cancel")}>
                  <Button type="link" danger size="small" data-testid={`patent-watch-delete-${row.id}`}>
                    {t("patents.watches.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
