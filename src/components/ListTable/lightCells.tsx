import type { ProColumns, ProSchemaValueEnumObj, ProSchemaValueEnumType } from "@ant-design/pro-components";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { DATE_TIME_FORMAT } from "../../../contract/dateTime";

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

/** A `select` cell as ProField reads it: the code's text, with its status badge or colour dot. */
function enumText(valueEnum: ProSchemaValueEnumObj, value: unknown): ReactNode {
  if (isEmpty(value)) return value as ReactNode;
  const entry = valueEnum[String(value)];
  if (entry === undefined || entry === null) return String(value);
  if (typeof entry !== "object" || !("text" in entry)) return entry;
  const { text, status, color } = entry as ProSchemaValueEnumType;
  if (!status && !color) return text;
  // antd's Badge would bring its style hooks to every cell; the dot is drawn by listTable.css.
  return (
    <span className={status ? `list-table__badge list-table__badge--${status.toLowerCase()}` : "list-table__badge"} style={color ? { color } : undefined}>
      <span className="list-table__badge-text">{text}</span>
    </span>
  );
}

/**
 * ProTable draws a `dateTime` or `select` cell through a ProField, a component with its own hooks
 * (the select one a data fetcher): at 1,000 rows that is five times the time of plain cells. The
 * columns still declare their value type; here a cell gets ProField's read-only output as text,
 * which ProTable shows as it is.
 */
export function withLightCell<T>(column: ProColumns<T>): ProColumns<T> {
  if (column.valueType === "dateTime") {
    return { ...column, valueType: "text", renderText: (value: unknown) => (isEmpty(value) ? value : dayjs(String(value)).format(DATE_TIME_FORMAT)) };
  }
  const { valueEnum, ...rest } = column;
  if (column.valueType === "select" && valueEnum && typeof valueEnum === "object" && !(valueEnum instanceof Map)) {
    return { ...rest, valueType: "text", renderText: (value: unknown) => enumText(valueEnum, value) };
  }
  return column;
}
