import { sql, type Insertable, type Transaction } from "kysely";
import { companyNameKey } from "../../../contract/patents/normalise";
import type { PatentRecord } from "../../../contract/patents/record";
import type { Dialect } from "../../db/database";
import type { Database, PatentsTable } from "../../db/schema";
import { toDbTime } from "../../db/time";
import { numberKey } from "./search/sql";
import { fts5Document, indexedText, tsvectorLiteral } from "./search/fullText";

export interface WriteCounts {
  imported: number;
  updated: number;
}

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);
const json = (values: readonly unknown[]) => JSON.stringify(values);

/** The row of a patent. */
function columnsOf(record: PatentRecord, now: Date | string): Insertable<PatentsTable> {
  return {
    publicationNumber: record.publicationNumber,
    applicationNumber: record.applicationNumber,
    applicationKey: record.applicationNumber === null ? null : numberKey(record.applicationNumber) || null,
    applyDate: record.applyDate ?? "",
    applyYear: yearOf(record.applyDate),
    publicationDate: record.publicationDate ?? "",
    grantDate: record.grantDate ?? "",
    grantYear: yearOf(record.grantDate),
    title: record.title,
    abstract: record.abstract,
    applicants: json(record.applicants),
    applicantAddress: record.applicantAddress,
    province: record.province,
    city: record.city,
    district: record.district,
    creditCode: record.creditCode,
    inventors: json(record.inventors),
    ipc: json(record.ipc),
    mainIpc: record.mainIpc,
    cpc: json(record.cpc),
    patentType: record.patentType,
    legalStatus: record.legalStatus,
    priorityNumbers: json(record.priorityNumbers),
    family: json(record.family),
    citedBy: record.citedBy,
    jurisdiction: record.jurisdiction,
    segments: json(record.segments),
    updatedAt: now,
  };
}

/** The IPC codes a patent is filtered and counted by: its codes and its main code, once each. */
function ipcCodes(record: PatentRecord): string[] {
  return [...new Set([...(record.mainIpc ? [record.mainIpc] : []), ...record.ipc])].filter((code) => code.length >= 4);
}

/** Rows a statement writes at most: within either engine's bound parameters (SQLite's 32,766) at the widest table. */
const STATEMENT_ROWS = 500;

/**
 * Writes a batch of patents inside the caller's transaction: a publication number already stored
 * updates its patent (a re-import never duplicates), a new one inserts it, a statement a few
 * hundred rows on both engines (an upsert on the number); its facts, applicants, IPC codes,
 * segments and full-text entry are written anew either way. Within a batch the last row of a
 * number wins.
 */
export async function writePatents(trx: Transaction<Database>, dialect: Dialect, batch: readonly PatentRecord[]): Promise<WriteCounts> {
  const byNumber = new Map<string, PatentRecord>();
  for (const record of batch) byNumber.set(record.publicationNumber, record);
  const duplicates = batch.length - byNumber.size;
  const now = toDbTime(dialect, new Date());
  const records = [...byNumber.values()];
  const keptIds: number[] = [];
  for (const chunk of chunks([...byNumber.keys()], STATEMENT_ROWS)) {
    const rows = await trx.selectFrom("patents").select("id").where("publicationNumber", "in", chunk).execute();
    for (const row of rows) keptIds.push(row.id);
  }

  const ids = new Map<string, number>();
  for (const chunk of chunks(records, STATEMENT_ROWS)) {
    const written = await trx
      .insertInto("patents")
      .values(chunk.map((record) => ({ ...columnsOf(record, now), importedAt: now })))
      .onConflict((oc) =>
        // Each column to its `excluded` value; the object is built from a list, so its type is given.
        oc.column("publicationNumber").doUpdateSet((eb) => Object.fromEntries(UPDATED_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])) as Record<UpdatedColumn, never>),
      )
      .returning(["id", "publicationNumber"])
      .execute();
    for (const row of written) ids.set(row.publicationNumber, row.id);
  }
  const idOf = (record: PatentRecord): number => {
    const id = ids.get(record.publicationNumber);
    if (id === undefined) throw new Error(`patent ${record.publicationNumber} was neither found nor inserted`);
    return id;
  };
  for (const chunk of chunks(keptIds, STATEMENT_ROWS)) {
    await trx.deleteFrom("patentFacts").where("patentId", "in", chunk).execute();
    await trx.deleteFrom("patentApplicants").where("patentId", "in", chunk).execute();
    await trx.deleteFrom("patentIpc").where("patentId", "in", chunk).execute();
    await trx.deleteFrom("patentSegments").where("patentId", "in", chunk).execute();
    if (dialect === "sqlite") await sql`delete from patents_fts where rowid in (${sql.join(chunk)})`.execute(trx);
    else await sql`delete from patent_search where patent_id in (${sql.join(chunk)})`.execute(trx);
  }

  const applicants = records.flatMap((record) =>
    record.applicants.map((name, position) => ({ patentId: idOf(record), position, name, normalisedName: companyNameKey(name) })),
  );
  const ipc = records.flatMap((record) =>
    ipcCodes(record).map((code) => ({ patentId: idOf(record), code, subclass: code.slice(0, 4), groupCode: code.split("/")[0] })),
  );
  const facts = records.map((record) => {
    const patentId = idOf(record);
    return {
      patentId,
      patentType: record.patentType,
      legalStatus: record.legalStatus,
      district: record.district,
      creditCode: record.creditCode,
      applyDate: record.applyDate ?? "",
      applyYear: yearOf(record.applyDate),
      grantYear: yearOf(record.grantDate),
      publicationDate: record.publicationDate ?? "",
      applicantKeys: json(record.applicants.map((name) => [companyNameKey(name), name])),
      subclasses: json([...new Set(ipcCodes(record).map((code) => code.slice(0, 4)))]),
      segments: json([...new Set(record.segments)]),
    };
  });
  const segments = records.flatMap((record) => [...new Set(record.segments)].map((segment) => ({ patentId: idOf(record), segment })));
  for (const chunk of chunks(facts, STATEMENT_ROWS)) await trx.insertInto("patentFacts").values(chunk).execute();
  for (const chunk of chunks(applicants, STATEMENT_ROWS)) await trx.insertInto("patentApplicants").values(chunk).execute();
  for (const chunk of chunks(ipc, STATEMENT_ROWS)) await trx.insertInto("patentIpc").values(chunk).execute();
  for (const chunk of chunks(segments, STATEMENT_ROWS)) await trx.insertInto("patentSegments").values(chunk).execute();
  for (const chunk of chunks(records, STATEMENT_ROWS)) {
    const rows = chunk.map((record) => {
      const tokens = indexedText(record.title, record.abstract);
      if (dialect === "postgres") return sql`(${idOf(record)}, ${tsvectorLiteral(tokens)}::tsvector)`;
      const document = fts5Document(tokens);
      return sql`(${idOf(record)}, ${document.title}, ${document.abstract})`;
    });
    if (dialect === "postgres") await sql`insert into patent_search (patent_id, search_vector) values ${sql.join(rows)}`.execute(trx);
    else await sql`insert into patents_fts (rowid, title, abstract) values ${sql.join(rows)}`.execute(trx);
  }
  return { imported: records.length - keptIds.length, updated: keptIds.length + duplicates };
}

/** On a re-import every column is the file's, but the patent keeps its id and when it first came. */
const UPDATED_COLUMNS = [
      "applicationNumber",
      "applicationKey",
      "applyDate",
      "applyYear",
      "publicationDate",
      "grantDate",
      "grantYear",
      "title",
      "abstract",
      "applicants",
      "applicantAddress",
      "province",
      "city",
      "district",
      "creditCode",
      "inventors",
      "ipc",
      "mainIpc",
      "cpc",
      "patentType",
      "legalStatus",
      "priorityNumbers",
      "family",
      "citedBy",
      "jurisdiction",
      "segments",
      "updatedAt",
] as const satisfies readonly Exclude<keyof PatentsTable, "id" | "publicationNumber" | "importedAt">[];
type UpdatedColumn = (typeof UPDATED_COLUMNS)[number];

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
