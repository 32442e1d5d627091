import { REQUIRED_PATENT_FIELDS } from "../../contract/patents/headers";
import type { PatentInspection } from "../../contract/schemas/patents";

export type Mapping = Record<string, string | null>;

/** The mapping step opens when a header is not recognised or a required field has no column. */
export const needsMapping = (inspection: PatentInspection): boolean => inspection.unmapped.length > 0 || !inspection.complete;

/** Every header with the field the server put in force for it; an unrecognised one starts as "do not import". */
export const startingMapping = (inspection: PatentInspection): Mapping =>
  Object.fromEntries(inspection.headers.map((header) => [header, inspection.mapping[header] ?? null]));

/** Whether the publication number and the title each have a column, as the import requires. */
export const isComplete = (mapping: Mapping): boolean => REQUIRED_PATENT_FIELDS.every((field) => Object.values(mapping).includes(field));
