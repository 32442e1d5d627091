import type { Compilable, CompiledQuery, Kysely } from "kysely";

/**
 * Statements built and compiled once, run with new values: for the queries every request makes
 * (the sign-in guard's session lookup, a list's page), where Kysely building, transforming (the
 * camel-case plugin) and compiling the same query anew cost more CPU than running it.
 *
 * `prepare(db, (values) => db.selectFrom(…).where("id", "=", values.id))` calls the builder once,
 * with a stand-in for every value it reads; each stand-in must reach the query as a bound
 * parameter (a comparison's value, a limit, a `sql` template's `${value}`). The compiled SQL and
 * its parameters are kept; each run puts that call's values where the stand-ins were and executes
 * through Kysely, so its plugins still map the rows (camelCase) and the driver's connection
 * handling (SQLite's statement cache and busy retries, PostgreSQL's pool) stays as it is. A query
 * whose shape depends on the values (a filter present or not) is prepared once per shape:
 * `PreparedShapes`.
 */
export interface Prepared<Values, Row> {
  /** Every row. */
  all(values: Values): Promise<Row[]>;
  /** The first row, or undefined. */
  first(values: Values): Promise<Row | undefined>;
  /** The compiled SQL (for tests and EXPLAIN). */
  readonly sql: string;
}

/**
 * The SQL of every prepared statement, with a name for it: on PostgreSQL the pool runs these as
 * named statements (server/db/postgres.ts), so each connection parses and plans one once instead
 * of at every call. Bounded by the prepared shapes, a few hundred texts at most.
 */
const statementNames = new Map<string, string>();

/** The server-side statement name of a prepared statement's SQL; undefined for any other SQL. */
export function statementNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** What the builder gets in place of each value: an object no Kysely parser mistakes for SQL. */
class StandIn {
  constructor(readonly name: string) {
    Object.freeze(this);
  }

  /** Used as text (a LIKE pattern made in JS, say), a stand-in would silently become "[object Object]". */
  [Symbol.toPrimitive](): never {
    throw new Error(`prepared statement: the value "${this.name}" must be a bound parameter, not used in JS`);
  }
}

export function prepare<DB, Values extends Record<string, unknown>, Row>(db: Kysely<DB>, build: (values: Values) => Compilable<Row>): Prepared<Values, Row> {
  const standIns = new Map<string, StandIn>();
  const values = new Proxy({} as Values, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      let standIn = standIns.get(name);
      if (!standIn) standIns.set(name, (standIn = new StandIn(name)));
      return standIn;
    },
  });
  const compiled: CompiledQuery<Row> = build(values).compile();
  /** Per parameter: the name of the value it takes at each run, or null for one fixed at build. */
  const names = compiled.parameters.map((p) => (p instanceof StandIn ? p.name : null));
  const unused = [...standIns.keys()].filter((name) => !names.includes(name));
  if (unused.length > 0) throw new Error(`prepared statement: ${unused.join(", ")} did not become parameters of ${compiled.sql}`);
  const fixed = compiled.parameters;
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `prepared_${statementNames.size + 1}`);
  const count = names.length;

  const run = async (given: Values): Promise<Row[]> => {
    const parameters: unknown[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const name = names[i];
      parameters[i] = name === null ? fixed[i] : given[name];
    }
    const query: CompiledQuery<Row> = { query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters };
    return (await db.executeQuery(query)).rows;
  };
  return {
    all: run,
    first: async (given) => (await run(given))[0],
    sql: compiled.sql,
  };
}

/**
 * Prepared statements of one query by shape (which filters are present, the order asked for):
 * `shapes.get(key, () => prepare(…))`. The shapes a call's schema allows are few; the number kept
 * is bounded all the same, so odd shapes cannot grow it without end.
 */
export class PreparedShapes<T> {
  readonly #shapes = new Map<string, T>();

  constructor(private readonly limit = 256) {}

  get(key: string, create: () => T): T {
    let entry = this.#shapes.get(key);
    if (entry === undefined) {
      if (this.#shapes.size >= this.limit) this.#shapes.delete(this.#shapes.keys().next().value as string);
      entry = create();
      this.#shapes.set(key, entry);
    }
    return entry;
  }
}
