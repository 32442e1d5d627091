import type { CrudFilter } from "@refinedev/core";
import { Form, Input, Select, type FormProps } from "antd";
import type { ListColumn } from "./ListTable";

/** The filter a column's search field sets: its `search.field`, else its dataIndex. */
function searchField(column: ListColumn<object>): string {
  const field = column.search?.field ?? column.dataIndex;
  if (typeof field !== "string") throw new Error(`ListSearch: the column "${String(column.title)}" searches without a field`);
  return field;
}

const searching = <T extends object>(columns: readonly ListColumn<T>[]) => columns.filter((column) => column.search) as ListColumn<object>[];

/**
 * The filters the search form's values stand for, by the columns that declare a search: a text
 * column's trimmed value "contains", a select column's value "eq". useTable's `onSearch`.
 */
export function searchFilters<T extends object>(columns: readonly ListColumn<T>[], values: Record<string, unknown>): CrudFilter[] {
  return searching(columns).map((column) => {
    const field = searchField(column);
    const value = values[field];
    return column.valueType === "select"
      ? { field, operator: "eq", value }
      : { field, operator: "contains", value: typeof value === "string" ? value.trim() : value };
  });
}

/**
 * A list's search form drawn from its columns (ProTable's search form, in one line): a text column
 * gives a search box sent on Enter, a select column a choice of its valueEnum sent when chosen.
 */
export function ListSearch<T extends object>({ columns, formProps }: { columns: readonly ListColumn<T>[]; formProps: FormProps }) {
  const submit = () => formProps.form?.submit();
  return (
    <Form {...formProps} layout="inline" style={{ marginBottom: 16 }}>
      {searching(columns).map((column) => {
        const field = searchField(column);
        const { label, testId } = column.search!;
        return (
          <Form.Item key={field} name={field}>
            {column.valueType === "select" ? (
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={label}
                aria-label={label}
                options={Object.entries(column.valueEnum ?? {}).map(([value, { text }]) => ({ value, label: text }))}
                onChange={submit}
                data-testid={testId}
              />
            ) : (
              <Input.Search allowClear placeholder={label} aria-label={label} onSearch={submit} data-testid={testId} />
            )}
          </Form.Item>
        );
      })}
    </Form>
  );
}
