import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { ErrorCode } from "../../../contract/envelope";
import { MAX_PAGE_SIZE } from "../../../contract/limits";
import { LogAction } from "../../../contract/logActions";
import { MenuCode, RoleCode } from "../../../contract/menus";
import { conventionalCalls } from "../../../contract/resourceCalls";
import { columnTypes } from "../../../server/db/migrations/columns";
import { Messages } from "../../../server/errors";
import { CompanyMessages } from "../../../server/modules/companies/rules";
import { conventionalResource, type ConventionalTable } from "../../../server/modules/conventionalResource";
import { flushLogs } from "../../../server/modules/logs/writer";
import { Id } from "../../../contract/schemas/primitives";
import { testDatabases } from "../helpers/databases";
import { createUser, signIn, signInAsAdmin, type SignedIn } from "../helpers/signIn";
import { startTestApp, type TestApp } from "../helpers/testApp";

/*
 * A resource that exists only in this test, declared the way a module would: its record, its
 * save input, its table merged into Database, and one conventionalResource call for its routes.
 * It is registered on this test's app only, so the product's route table never holds it.
 */

const Widget = Type.Object({
  id: Id(),
  name: Type.String({ minLength: 1, maxLength: 50, title: "名称" }),
  category: Type.Union([Type.String({ maxLength: 20 }), Type.Null()], { title: "类别" }),
  quantity: Type.Integer({ minimum: 0, maximum: 1000, title: "数量" }),
});
const WidgetInput = Type.Object({ name: Widget.properties.name, category: Widget.properties.category, quantity: Widget.properties.quantity });

declare module "../../../server/db/schema" {
  interface Database {
    testWidgets: ConventionalTable<typeof Widget>;
  }
}

const BASE = "/api/test/widgets";
/* Messages that exist already: a resource of the product would add its own to the catalogs. */
const WIDGET_NOT_FOUND = Messages.resourceNotFound;
const WIDGET_NAME_TAKEN = CompanyMessages.nameTaken;

const widgetRoutes = conventionalResource({
  base: BASE,
  table: "testWidgets",
  record: Widget,
  input: WidgetInput,
  access: MenuCode.ADMIN_DIMENSIONS,
  logActions: { created: LogAction.companyCreated, updated: LogAction.companyUpdated, deleted: LogAction.dimensionDeleted },
  search: ["name"],
  filters: ["category", "quantity"],
  unique: [{ field: "name", message: WIDGET_NAME_TAKEN }],
  notFound: WIDGET_NOT_FOUND,
  tag: "测试部件",
});

const calls = conventionalCalls(BASE);
const oneUrl = (id: number | string) => calls.one.url.replace(":id", String(id));

describe.each(testDatabases())("a conventional resource on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind, { routes: (app) => void app.register(widgetRoutes) });
    // What the resource's migration would create.
    const c = columnTypes(t.database.dialect);
    await t.database.db
      .withoutPlugins()
      .schema.createTable("test_widgets")
      .addColumn("id", "integer", c.autoId)
      .addColumn("name", "text", (col) => col.notNull().unique())
      .addColumn("category", "text")
      .addColumn("quantity", "integer", (col) => col.notNull())
      .execute();
    admin = await signInAsAdmin(t.app);
    await createUser(t.app, { username: "widgetMember", password: "Widget-pass-1", roles: [RoleCode.MEMBER] });
    member = await signIn(t.app, "widgetMember", "Widget-pass-1");
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, who: SignedIn = admin) => t.app.inject({ method: "POST", url, headers: who.headers, payload });
  const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: "GET", url, headers: who.headers });
  const list = (payload: Record<string, unknown>) => post(calls.list.url, payload);
  const save = async (widget: Record<string, unknown>): Promise<number> => {
    const res = await post(calls.create.url, widget);
    expect(res.json()).toMatchObject({ code: 200, status: 1 });
    return res.json().result as number;
  };

  it("adds, reads, edits and deletes a record, answering the id of a save", async () => {
    const id = await save({ name: "齿轮", category: "机械", quantity: 3 });
    expect(id).toBeGreaterThan(0);
    expect((await get(oneUrl(id))).json()).toEqual({ code: 200, message: "success", result: { id, name: "齿轮", category: "机械", quantity: 3 } });

    expect(await save({ id, name: "大齿轮", category: null, quantity: 4 })).toBe(id);
    expect((await get(oneUrl(id))).json().result).toEqual({ id, name: "大齿轮", category: null, quantity: 4 });

    expect((await post(calls.delete.url, { id })).json()).toMatchObject({ code: 200, status: 1 });
    const gone = await get(oneUrl(id));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, message: String(WIDGET_NOT_FOUND) });
  });

  it("answers 404 with the resource's message for an edit or delete of an id that names no row", async () => {
    const edit = await post(calls.update.url, { id: 999_999, name: "无", category: null, quantity: 0 });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, message: String(WIDGET_NOT_FOUND) });
    const remove = await post(calls.delete.url, { id: 999_999 });
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, message: String(WIDGET_NOT_FOUND) });
  });

  it("answers 409 with the field's message for a save that repeats a unique value, racing ones included", async () => {
    const first = await save({ name: "螺母", category: null, quantity: 1 });
    const second = await save({ name: "螺栓", category: null, quantity: 1 });
    expect(await save({ id: first, name: "螺母", category: "杂项", quantity: 2 })).toBe(first);

    const repeated = await post(calls.create.url, { name: "螺母", category: null, quantity: 1 });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toMatchObject({ code: ErrorCode.CONFLICT, message: String(WIDGET_NAME_TAKEN) });
    const renamed = await post(calls.update.url, { id: second, name: "螺母", category: null, quantity: 1 });
    expect(renamed.json()).toMatchObject({ code: ErrorCode.CONFLICT, message: String(WIDGET_NAME_TAKEN) });

    const racing = await Promise.all([1, 2, 3].map(() => post(calls.create.url, { name: "垫圈", category: null, quantity: 1 })));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(racing.find((res) => res.statusCode === 409)?.json().message).toBe(String(WIDGET_NAME_TAKEN));
    const kept = (await list({ model: { name: "垫圈" } })).json().result;
    expect(kept.total).toBe(1);

    const editing = [await save({ name: "销钉甲", category: null, quantity: 1 }), await save({ name: "销钉乙", category: null, quantity: 1 })];
    const racingEdits = await Promise.all(editing.map((id) => post(calls.update.url, { id, name: "销钉", category: null, quantity: 1 })));
    expect(racingEdits.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(racingEdits.find((res) => res.statusCode === 409)?.json().message).toBe(String(WIDGET_NAME_TAKEN));
  });

  it("lists newest first by page, finds by contained text ignoring case and literal %, and filters exactly", async () => {
    const ids: number[] = [];
    for (const [name, category, quantity] of [
      ["Bolt A", "五金", 1],
      ["bolt b", "五金", 2],
      ["100% nut", null, 2],
      ["1000 nuts", "五金", 2],
      ["washer", "五金", 5],
    ] as const) {
      ids.push(await save({ name, category, quantity }));
    }

    const firstPage = (await list({ current: 1, size: 2, model: {} })).json().result;
    expect(firstPage).toMatchObject({ total: expect.any(Number), current: 1, size: 2 });
    expect(firstPage.records.map((r: { id: number }) => r.id)).toEqual([ids[4], ids[3]]);
    const secondPage = (await list({ current: 2, size: 2 })).json().result;
    expect(secondPage.records.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);

    const bolts = (await list({ model: { name: "BOLT" } })).json().result;
    expect(bolts).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(bolts.records.map((r: { name: string }) => r.name)).toEqual(["bolt b", "Bolt A"]);

    const percent = (await list({ model: { name: "0%" } })).json().result;
    expect(percent.records.map((r: { name: string }) => r.name)).toEqual(["100% nut"]);

    const twos = (await list({ model: { quantity: 2, category: "五金" } })).json().result;
    expect(twos.records.map((r: { name: string }) => r.name)).toEqual(["1000 nuts", "bolt b"]);
    const uncategorised = (await list({ model: { category: null, name: "nut" } })).json().result;
    expect(uncategorised.records.map((r: { name: string }) => r.name)).toEqual(["100% nut"]);
    const all = (await list({ model: { name: "" } })).json().result;
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it("refuses page sizes and numbers out of bounds, and malformed records, as bad requests", async () => {
    for (const page of [{ size: MAX_PAGE_SIZE + 1 }, { size: 0 }, { current: 0 }, { current: 2 ** 31 }, { size: "10" }]) {
      const res = await list(page);
      expect(res.statusCode, JSON.stringify(page)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await list({ size: MAX_PAGE_SIZE })).statusCode).toBe(200);
    expect((await list({ model: { name: "x".repeat(201) } })).statusCode).toBe(400);

    for (const widget of [{ category: null, quantity: 1 }, { name: "", category: null, quantity: 1 }, { name: "x", category: null, quantity: "1" }, { name: "x", category: null, quantity: 1001 }]) {
      const res = await post(calls.create.url, widget);
      expect(res.statusCode, JSON.stringify(widget)).toBe(400);
    }
    expect((await get(oneUrl("abc"))).statusCode).toBe(400);
    expect((await post(calls.delete.url, {})).statusCode).toBe(400);
  });

  it("answers 403 on every call to a caller whose roles lack the menu code", async () => {
    const id = await save({ name: "保留", category: null, quantity: 1 });
    const refused = [
      await post(calls.list.url, {}, member),
      await get(oneUrl(id), member),
      await post(calls.create.url, { name: "越权", category: null, quantity: 1 }, member),
      await post(calls.update.url, { id, name: "越权", category: null, quantity: 1 }, member),
      await post(calls.delete.url, { id }, member),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await get(oneUrl(id))).json().result).toMatchObject({ name: "保留", quantity: 1 });
  });

  it("lists its calls in the OpenAPI document under its tag", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const tagged = Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes("测试部件"))
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(tagged.sort()).toEqual([`GET ${BASE}/{id}`, `POST ${calls.delete.url}`, `POST ${calls.list.url}`, `POST ${calls.create.url}`].sort());
  });

  it("writes the resource's actions to the operation log", async () => {
    const id = await save({ name: "记录", category: null, quantity: 1 });
    await save({ id, name: "记录2", category: null, quantity: 1 });
    await post(calls.delete.url, { id });
    await flushLogs(t.app);
    const actions = await t.database.db
      .selectFrom("operationLogs")
      .select("logAction")
      .where("path", "in", [calls.create.url, calls.delete.url])
      .orderBy("id", "desc")
      .limit(3)
      .execute();
    expect(actions.map((row) => row.logAction).reverse()).toEqual([LogAction.companyCreated, LogAction.companyUpdated, LogAction.dimensionDeleted]);
  });
});
