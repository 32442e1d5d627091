import { ProTable, type ProColumns } from "@ant-design/pro-components";
import type { TablePaginationConfig, TableProps } from "antd";
import { Alert } from "antd";
import { useMemo, type ReactNode } from "react";
import { LIST_PAGE_SIZES } from "../../../contract/limits";
import { withLightCell } from "./lightCells";
import "./listTable.css";

/**
 * ProTable draws an `ellipsis` cell as a measuring Typography with its own tooltip: at 1,000 rows
 * the measurements re-lay the table out again and again (45 s for /logs). Here the cell is cut by
 * CSS alone and the full text is the cell's title.
 */
function withPlainEllipsis<T>(column: ProColumns<T>): ProColumns<T> {
  if (!column.ellipsis) return column;
  const { ellipsis: _cutByCss, render, ...rest } = column;
  return {
    ...rest,
    render: (dom, row, index, action, schema) => {
      const value = rest.dataIndex && !Array.isArray(rest.dataIndex) ? (row as Record<string, unknown>)[String(rest.dataIndex)] : undefined;
      const shown = render ? (render(dom, row, index, action, schema) as ReactNode) : dom;
      // The title repeats what the cell shows (a translated action, say), not the stored value.
      const title = typeof shown === "string" ? shown : typeof value === "string" ? value : undefined;
      return (
        <div className="list-table__ellipsis" title={title}>
          {shown}
        </div>
      );
    },
  };
}

/**
 * A list screen's table: Refine's useTable owns the fetching, paging and URL; ProTable only renders,
 * each column by its `valueType` (text, dateTime, a `select` over a value set's `valueEnum`, option),
 * with SPEC 2's page sizes. A failure other than a refusal shows once, above the table. Columns keep
 * their natural width: a table wider than its place scrolls sideways instead of wrapping a column
 * to a character a line (SPEC 1's narrow screens).
 */
export function ListTable<T extends object>({
  testId,
  tableProps,
  columns,
  error,
  pagination,
  emptyText,
  emptyCellText,
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
  /** What a cell without a value shows, where a screen's wording differs from ProTable's "-". */
  emptyCellText?: string;
  /** Buttons above the table, on its right. */
  toolBar?: ReactNode[];
}) {
  const shownColumns = useMemo(() => columns.map((column) => withPlainEllipsis(withLightCell(column))), [columns]);
  return (
    <>
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
      <div data-testid={testId}>
        <ProTable<T>
          rowKey="id"
          columns={shownColumns}
          dataSource={tableProps.dataSource as T[] | undefined}
          loading={Boolean(tableProps.loading)}
          onChange={tableProps.onChange}
          locale={emptyText ? { emptyText } : undefined}
          columnEmptyText={emptyCellText}
          scroll={{ x: "max-content" }}
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
