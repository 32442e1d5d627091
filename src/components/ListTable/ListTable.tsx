import type { CrudSort } from "@refinedev/core";
import { Alert, Space, Table, type TablePaginationConfig, type TableProps } from "antd";
import type { ColumnType } from "antd/es/table";
import dayjs from "dayjs";
import { useMemo, type ReactNode } from "react";
import { DATE_TIME_FORMAT } from "../../../contract/dateTime";
import { LIST_PAGE_SIZES } from "../../../contract/limits";
import { useT } from "../../i18n/I18nContext";
import "./listTable.css";

/** The badge drawn before a value's text (antd Badge's statuses). */
export type ValueStatus = "Success" | "Error" | "Processing" | "Warning" | "Default";

/** A value set's codes, each with its text and, where the set has one, a status badge or a colour. */
export type ValueEnum = Record<string, { text: string; status?: ValueStatus; color?: string }>;

/**
 * How a column shows its value: `text` and `digit` as they are, `dateTime` as YYYY-MM-DD HH:mm:ss,
 * `select` by its `valueEnum`, `index` as the row's number across pages, `option` the row's actions.
 */
export type ValueType = "text" | "digit" | "dateTime" | "select" | "index" | "option";

/** One column of a list, declared by what it shows rather than how. */
export interface ListColumn<T> {
  title: ReactNode;
  /** The row's field, or a path into nested objects. */
  dataIndex?: string | readonly string[];
  /** Needed when there is no dataIndex and more than one such column. */
  key?: string;
  valueType?: ValueType;
  valueEnum?: ValueEnum;
  /** Replaces the cell; `shown` is what the value type would show. */
  render?: (shown: ReactNode, row: T, index: number) => ReactNode;
  /** Cut to one line; the whole text is the cell's title. */
  ellipsis?: boolean;
  width?: number;
  /** Kept in view while the table scrolls sideways. */
  fixed?: "left" | "right";
  /**
   * A search field for the column above the table (ListSearch): a `text` column's is found by
   * "contains", a `select` column's by its value. `field` is the call's filter where it is not the
   * column's dataIndex; `label` names the field (its placeholder and accessible name).
   */
  search?: { label: string; field?: string; testId?: string };
}

/** A value set of contract/ as a `select` column's valueEnum, labelled in the reader's language. */
export function valueEnumOf<V extends string | number>(
  values: readonly V[],
  label: (value: V) => string,
  look?: (value: V) => { status: ValueStatus } | { color: string },
): ValueEnum {
  return Object.fromEntries(values.map((value) => [String(value), { text: label(value), ...look?.(value) }]));
}

const NOTHING: readonly never[] = [];

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

const valueAt = (row: object, path: string | readonly string[] | undefined): unknown =>
  path === undefined
    ? undefined
    : (typeof path === "string" ? [path] : path).reduce<unknown>((at, key) => (at === null || typeof at !== "object" ? undefined : (at as Record<string, unknown>)[key]), row);

/** A code's text with its status dot, drawn by listTable.css rather than antd's Badge and its style hooks. */
function enumText(valueEnum: ValueEnum, value: unknown): ReactNode {
  const entry = valueEnum[String(value)];
  if (!entry) return String(value);
  if (!entry.status && !entry.color) return entry.text;
  return (
    <span
      className={entry.status ? `list-table__badge list-table__badge--${entry.status.toLowerCase()}` : "list-table__badge"}
      style={entry.color ? { color: entry.color } : undefined}
    >
      <span className="list-table__badge-text">{entry.text}</span>
    </span>
  );
}

/** How a list is being sorted and what it can be sorted by (contract/listSorts.ts). */
interface Sorting {
  sortable: readonly string[];
  sorters: readonly CrudSort[];
}

/**
 * A column as antd's Table draws it. Cells are plain text and spans: at 1,000 rows a component per
 * cell (a measuring ellipsis, a ProField) re-lays the table out for seconds. A column whose field
 * the list can be sorted by gets a sorting header, showing the sort Refine holds (from the address
 * too), so Back restores it.
 */
function tableColumn<T extends object>(
  column: ListColumn<T>,
  position: number,
  firstIndex: number,
  emptyCellText: string,
  { sortable, sorters }: Sorting,
): ColumnType<T> {
  const shownOf = (row: T, index: number): ReactNode => {
    if (column.valueType === "index") return firstIndex + index + 1;
    const value = valueAt(row, column.dataIndex);
    if (column.valueType === "option" || isEmpty(value)) return column.valueType === "option" ? null : emptyCellText;
    if (column.valueType === "dateTime") return dayjs(String(value)).format(DATE_TIME_FORMAT);
    if (column.valueType === "select" && column.valueEnum) return enumText(column.valueEnum, value);
    return String(value);
  };
  const key = column.key ?? (column.dataIndex === undefined ? `column-${position}` : [column.dataIndex].flat().join("."));
  const order = sorters.find((sorter) => sorter.field === key)?.order;
  const sorting: ColumnType<T> = sortable.includes(key)
    ? { dataIndex: key, sorter: true, sortOrder: order ? `${order}end` : null }
    : {};
  return {
    key,
    ...sorting,
    title: column.title,
    width: column.width,
    fixed: column.fixed,
    render: (_: unknown, row: T, index: number) => {
      const shown = shownOf(row, index);
      const cell = column.render ? column.render(shown, row, index) : shown;
      const content = Array.isArray(cell) ? <Space size="small">{cell}</Space> : cell;
      if (!column.ellipsis) return content;
      const value = valueAt(row, column.dataIndex);
      // The title repeats what the cell shows (a translated action, say), not the stored value.
      const title = typeof content === "string" ? content : typeof value === "string" ? value : undefined;
      return (
        <div className="list-table__ellipsis" title={title}>
          {content}
        </div>
      );
    },
  };
}

/**
 * A list screen's table: Refine's useTable owns the fetching, paging and URL; this draws each column
 * by its value type, with SPEC 2's page sizes. A failure other than a refusal shows once, above the
 * table. Columns keep their natural width unless `wrapCells`: a table wider than its place scrolls
 * sideways instead of wrapping a column to a character a line (SPEC 1's narrow screens).
 */
export function ListTable<T extends object>({
  testId,
  tableProps,
  columns,
  rowKey = "id",
  error,
  pagination,
  emptyText,
  emptyCellText = "-",
  title,
  toolBar,
  wrapCells = false,
  sortable = NOTHING,
  sorters = NOTHING,
  rowSelection,
}: {
  testId: string;
  tableProps: TableProps<T>;
  columns: ListColumn<T>[];
  rowKey?: string;
  error?: { message: string } | null;
  /** Replaces the pager's defaults, e.g. page sizes a list's call cannot answer. */
  pagination?: TablePaginationConfig;
  /** What an empty list says, where a screen's wording differs from antd's own. */
  emptyText?: string;
  /** What a cell without a value shows. */
  emptyCellText?: string;
  /** The table's heading, on the left above it. */
  title?: ReactNode;
  /** Buttons above the table, on its right. */
  toolBar?: ReactNode[];
  /** Long texts wrap within the table's width instead of the table scrolling sideways. */
  wrapCells?: boolean;
  /** The fields the list's call can sort by (contract/listSorts.ts): their columns sort on a click. */
  sortable?: readonly string[];
  /** The sort useTable holds. */
  sorters?: readonly CrudSort[];
  /** Rows the user can tick for an action on several at once. */
  rowSelection?: TableProps<T>["rowSelection"];
}) {
  const t = useT();
  const paging = tableProps.pagination;
  const firstIndex = paging ? ((paging.current ?? 1) - 1) * (paging.pageSize ?? 0) : 0;
  const shownColumns = useMemo(
    () => columns.map((column, position) => tableColumn(column, position, firstIndex, emptyCellText, { sortable, sorters })),
    [columns, firstIndex, emptyCellText, sortable, sorters],
  );
  return (
    <>
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
      <div data-testid={testId} className="list-table">
        {(title || toolBar) && (
          <div className="list-table__toolbar">
            <div className="list-table__title">{title}</div>
            <Space>{toolBar}</Space>
          </div>
        )}
        <Table<T>
          rowKey={rowKey}
          columns={shownColumns}
          dataSource={tableProps.dataSource}
          loading={Boolean(tableProps.loading)}
          onChange={tableProps.onChange}
          rowSelection={rowSelection}
          // antd draws a text placeholder in its disabled grey (1.83:1); the span keeps it readable.
          locale={emptyText ? { emptyText: <span className="list-table__empty">{emptyText}</span> } : undefined}
          scroll={wrapCells ? undefined : { x: "max-content" }}
          pagination={
            paging && {
              ...paging,
              showSizeChanger: true,
              pageSizeOptions: LIST_PAGE_SIZES.map(String),
              showTotal: (total, [from, to]) => t("controls.list.total", { from, to, total }),
              ...pagination,
            }
          }
        />
      </div>
    </>
  );
}
