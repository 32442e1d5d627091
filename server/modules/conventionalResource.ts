import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { Generated, Kysely } from "kysely";
import { Type, type Static, type TObject, type TSchema } from "typebox";
import { ErrorCode } from "../../contract/envelope";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../contract/limits";
import type { LogActionText } from "../../contract/logActions";
import type { MenuCodeValue } from "../../contract/menus";
import { conventionalCalls } from "../../contract/resourceCalls";
import { containsText } from "../db/like";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { Enveloped, ok } from "../plugins/envelope";
import { Id, PageNumber, PageSize, SearchText } from "../../contract/schemas/primitives";

/**
 * The table of a conventional resource as Kysely sees it: the record's fields, with the id the
 * database assigns. A module declares it into `Database` (see server/db/schema.ts).
 */
export type ConventionalTable<RecordSchema extends TObject> = { id: Generated<number> } & Omit<Static<RecordSchema>, "id">;

/** A field of a schema, by name. */
type FieldOf<Schema extends TObject> = Extract<keyof Static<Schema>, string>;

/** A text field of the record: what a list can find by contained text. */
type TextFieldOf<Schema extends TObject> = { [Field in FieldOf<Schema>]: Static<Schema>[Field] extends string | null ? Field : never }[FieldOf<Schema>];

/** The tables of `Database` that have a column for each of the fields: a record's or input's field without one does not compile. */
type TablesHolding<Fields extends string> = {
  [Table in keyof Database & string]: [Fields] extends [keyof Database[Table]] ? Table : never;
}[keyof Database & string];

export interface ConventionalResource<RecordSchema extends TObject, InputSchema extends TObject> {
  /** Where its calls are served: contract/resourceCalls.ts conventionalCalls(base), e.g. "/api/widgets". */
  base: string;
  /** The table, declared in `Database`, whose columns are the record's and the input's fields. */
  table: TablesHolding<FieldOf<RecordSchema> | FieldOf<InputSchema>>;
  /** A row as every call answers it: `id` and the other columns, as stored. */
  record: RecordSchema;
  /** What a save writes: some of the record's fields, without `id` (the save adds it for an edit). */
  input: InputSchema;
  /** The menu code a caller's roles must hold for every call. */
  access: MenuCodeValue;
  /** What the operation log records for an add, an edit and a delete. */
  logActions: { created: LogActionText; updated: LogActionText; deleted: LogActionText };
  /** Text fields the list finds by "contains" (case-insensitive on both engines), from `model`. */
  search?: readonly TextFieldOf<RecordSchema>[];
  /** Fields the list matches exactly, from `model`. */
  filters?: readonly FieldOf<RecordSchema>[];
  /**
   * Fields no two rows share (their columns unique in the migration): a save that would repeat
   * one is answered 409 with its message. A null is not a value here, so any number may hold it.
   */
  unique?: readonly { field: FieldOf<RecordSchema> | FieldOf<InputSchema>; message: Message }[];
  /** What the caller is told when the id names no row. */
  notFound: Message;
  /** The OpenAPI tag its calls are listed under. */
  tag: string;
}

/** A message the caller is shown, as AppError takes it. */
type Message = Parameters<typeof AppError.notFound>[0];

type Row = { [column: string]: unknown };
/** The helper reaches its table by name; the options' types tie that name to `Database`. */
type AnyTables = { [table: string]: Row & { id: number } };

const pickFrom = (source: Row, fields: readonly string[]): Row =>
  Object.fromEntries(fields.filter((field) => field in source).map((field) => [field, source[field]]));

/**
 * The routes of a resource served by convention (contract/resourceCalls.ts), so that its module
 * writes no endpoint code: a paged, searchable list, newest first; one record by id; an add or edit by the
 * presence of the id, answering the id; a delete. Each call is guarded by `access` and the writes
 * are logged; an id that names no row is answered 404 with `notFound`.
 */
export function conventionalResource<RecordSchema extends TObject, InputSchema extends TObject>(
  resource: ConventionalResource<RecordSchema, InputSchema>,
): FastifyPluginAsyncTypebox {
  const { input, access, logActions, notFound, tag } = resource;
  const table: string = resource.table;
  // Inside, a record is any object: what it holds is the caller's type, not the routes'.
  const record: TObject = resource.record;
  const calls = conventionalCalls(resource.base);
  const columns = Object.keys(record.properties);
  const inputFields = Object.keys(input.properties).filter((field) => field !== "id");
  const search: readonly string[] = resource.search ?? [];
  const filters: readonly string[] = resource.filters ?? [];
  const unique: readonly { field: string; message: Message }[] = resource.unique ?? [];

  const modelFields: { [field: string]: TSchema } = {};
  for (const field of search) modelFields[field] = Type.Optional(SearchText({ description: "包含此文字（不区分大小写）" }));
  for (const field of filters) modelFields[field] = Type.Optional(record.properties[field] as TSchema);
  const ListBody = Type.Object({
    current: Type.Optional(PageNumber),
    size: Type.Optional(PageSize(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
    model: Type.Optional(Type.Object(modelFields)),
  });
  const RecordPage = Type.Object({ records: Type.Array(record), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });
  const SaveBody = Type.Object({ ...input.properties, id: Type.Optional(Id({ description: "不填为新增；填写为修改该条" })) });
  const IdBody = Type.Object({ id: Id() });
  const IdParams = Type.Object({ id: Id() });

  const saveAction = (request: FastifyRequest) => ((request.body as { id?: number }).id === undefined ? logActions.created : logActions.updated);

  return async (app) => {
    const db = app.db as unknown as Kysely<AnyTables>;
    const { dialect } = app;

    /** The message of the first unique field whose value another row already holds. */
    const taken = async (values: Row, exceptId: number | undefined): Promise<Message | null> => {
      for (const { field, message } of unique) {
        const value = values[field];
        if (value === null || value === undefined) continue;
        let holder = db.selectFrom(table).select("id").where(field, "=", value);
        if (exceptId !== undefined) holder = holder.where("id", "!=", exceptId);
        if (await holder.executeTakeFirst()) return message;
      }
      return null;
    };

    app.post(
      calls.list.url,
      {
        config: { access, logAction: false },
        schema: { tags: [tag], summary: "分页列表，model 中为查找条件", body: ListBody, response: { 200: Enveloped(RecordPage) } },
      },
      async (request) => {
        const current = request.body.current ?? 1;
        const size = request.body.size ?? DEFAULT_PAGE_SIZE;
        const model = (request.body.model ?? {}) as Row;
        let rows = db.selectFrom(table);
        for (const field of search) {
          const text = model[field];
          if (typeof text === "string" && text !== "") rows = rows.where((eb) => containsText(dialect, eb.ref(field) as never, text));
        }
        for (const field of filters) {
          const value = model[field];
          if (value === null) rows = rows.where(field, "is", null);
          else if (value !== undefined) rows = rows.where(field, "=", value);
        }
        const [{ total }, records] = await Promise.all([
          rows.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
          rows
            .select(columns)
            .orderBy("id", "desc")
            .limit(size)
            .offset((current - 1) * size)
            .execute(),
        ]);
        return ok({ records, total: Number(total), current, size });
      },
    );

    app.get(
      calls.one.url,
      {
        config: { access, logAction: false },
        schema: { tags: [tag], summary: "按编号读取一条", params: IdParams, response: { 200: Enveloped(record) } },
      },
      async (request) => {
        const row = await db.selectFrom(table).select(columns).where("id", "=", request.params.id).executeTakeFirst();
        if (!row) throw AppError.notFound(notFound);
        return ok(row);
      },
    );

    app.post(
      calls.create.url,
      {
        config: { access, logAction: saveAction },
        schema: { tags: [tag], summary: "新增（不带 id）或修改（带 id），答其编号", body: SaveBody, response: { 200: Enveloped(Id()) } },
      },
      async (request) => {
        const body = request.body as Row & { id?: number };
        const values = pickFrom(body, inputFields);
        const conflict = await taken(values, body.id);
        if (conflict !== null) throw new AppError(ErrorCode.CONFLICT, conflict);
        if (body.id === undefined) {
          const insert = db.insertInto(table).values(values).returning("id");
          const [firstUnique] = unique;
          if (firstUnique === undefined) return ok(Number((await insert.executeTakeFirstOrThrow()).id), { status: 1 });
          // The unique columns settle a save racing another for one value: the later inserts nothing.
          const created = await insert.onConflict((oc) => oc.doNothing()).executeTakeFirst();
          if (!created) throw new AppError(ErrorCode.CONFLICT, (await taken(values, undefined)) ?? firstUnique.message);
          return ok(Number(created.id), { status: 1 });
        }
        const update = db.updateTable(table).set(values).where("id", "=", body.id);
        // An edit racing another to one unique value fails on the column; the winner now holds it.
        const updated = await update.executeTakeFirstOrThrow().catch(async (error: unknown) => {
          const raced = await taken(values, body.id);
          throw raced === null ? error : new AppError(ErrorCode.CONFLICT, raced);
        });
        if (updated.numUpdatedRows === 0n) throw AppError.notFound(notFound);
        return ok(body.id, { status: 1 });
      },
    );

    app.post(
      calls.delete.url,
      {
        config: { access, logAction: logActions.deleted },
        schema: { tags: [tag], summary: "删除一条", body: IdBody, response: { 200: Enveloped(Type.Null()) } },
      },
      async (request) => {
        const { numDeletedRows } = await db.deleteFrom(table).where("id", "=", request.body.id).executeTakeFirstOrThrow();
        if (numDeletedRows === 0n) throw AppError.notFound(notFound);
        return ok(null, { status: 1 });
      },
    );
  };
}
