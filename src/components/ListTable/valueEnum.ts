import type { ProSchemaValueEnumObj } from "@ant-design/pro-components";

/** The badge ProTable draws before a value's text (antd Badge's statuses). */
export type ValueStatus = "Success" | "Error" | "Processing" | "Warning" | "Default";

/**
 * A value set of contract/ as the `valueEnum` of a `select` column: the codes as keys, each shown by
 * its label in the reader's language and, where the set has one, a status badge or a colour.
 */
export function valueEnumOf<V extends string | number>(
  values: readonly V[],
  label: (value: V) => string,
  look?: (value: V) => { status: ValueStatus } | { color: string },
): ProSchemaValueEnumObj {
  return Object.fromEntries(values.map((value) => [String(value), { text: label(value), ...look?.(value) }]));
}
