import { ProTable, type ProColumns } from "@ant-design/pro-components";
import type { TablePaginationConfig, TableProps } from "antd";
import { Alert } from "antd";
import type { ReactNode } from "react";
import { LIST_PAGE_SIZES } from "../../../contract/limits";

/**
 * A list screen's table: Refine's useTable owns the fetching, paging and URL; ProTable only renders,
 * with SPEC 2's page sizes. A failure other than a refusal shows once, above the table.
 */
export function ListTable<T extends object>({
  testId,
  tableProps,
  columns,
  error,
  pagination,
  emptyText,
  toolBar,
}: {
  testId: string;
  tableProps: TableProps<T>;
  columns: ProColumns<T>[];
  error?: { message: string } | null;
  /** Replaces the pager's defaults, e.g. page sizes a list's call cannot answer. */
  pagination?: TablePaginationConfig;
  /** What an empty list says, where a screen's wording differs from antd's own. */
  emptyText?: string;
  /** Buttons above the table, on its right. */
  toolBar?: ReactNode[];
}) {
  return (
    <>
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
      <div data-testid={testId}>
        <ProTable<T>
          rowKey="id"
          columns={columns}
          dataSource={tableProps.dataSource as T[] | undefined}
          loading={Boolean(tableProps.loading)}
          onChange={tableProps.onChange}
          locale={emptyText ? { emptyText } : undefined}
          pagination={
            tableProps.pagination && {
              ...tableProps.pagination,
              showSizeChanger: true,
              pageSizeOptions: LIST_PAGE_SIZES.map(String),
              ...pagination,
            }
          }
          toolBarRender={toolBar && (() => toolBar)}
          search={false}
          options={false}
        />
      </div>
    </>
  );
}
