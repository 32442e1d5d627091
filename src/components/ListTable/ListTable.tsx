import { ProTable, type ProColumns } from "@ant-design/pro-components";
import type { TableProps } from "antd";
import { Alert } from "antd";
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
}: {
  testId: string;
  tableProps: TableProps<T>;
  columns: ProColumns<T>[];
  error?: { message: string } | null;
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
          pagination={
            tableProps.pagination && {
              ...tableProps.pagination,
              showSizeChanger: true,
              pageSizeOptions: LIST_PAGE_SIZES.map(String),
            }
          }
          search={false}
          options={false}
        />
      </div>
    </>
  );
}
