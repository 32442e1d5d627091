import type { Kysely, Transaction } from "kysely";
import type { Page } from "../../../contract/envelope";
import type { AdminUser, UserListFilter } from "../../../contract/users";
import type { ListSortColumn } from "../../../contract/listSorts";
import type { Dialect } from "../../db/database";
import { containsText } from "../../db/like";
import { ordered, type ListOrder, type SortRefs } from "../../db/order";
import type { Database } from "../../db/schema";
import { formatDateTime, fromDbTime } from "../../db/time";

type Db = Kysely<Database> | Transaction<Database>;

export interface UserListDeps {
  db: Db;
  dialect: Dialect;
  timeZone: string;
}

export interface UserListQuery {
  current: number;
  size: number;
  model?: UserListFilter;
  orders?: ListOrder<ListSortColumn<"users">>[];
}

const SORT_REFS: SortRefs<ListSortColumn<"users">> = {
  username: "users.username",
  name: "users.name",
  createdDate: "users.createdAt",
  lastSignInDate: { ref: "lastSignInAt", nullable: true },
};

/** Deleted accounts are gone from the administration; their rows stay for what they wrote. */
function filtered(deps: UserListDeps, filter: UserListFilter = {}) {
  const { dialect } = deps;
  const name = filter.name?.trim();
  const mobile = filter.mobile?.trim();
  const keyword = filter.keyword?.trim();
  const roleCode = filter.roleCode?.trim();
  let query = deps.db.selectFrom("users").where("users.deleted", "=", 0);
  if (name) query = query.where((eb) => containsText(dialect, eb.ref("users.name"), name));
  if (mobile) query = query.where((eb) => containsText(dialect, eb.ref("users.mobile"), mobile));
  if (keyword) {
    query = query.where((eb) =>
      eb.or([
        containsText(dialect, eb.ref("users.username"), keyword),
        containsText(dialect, eb.ref("users.name"), keyword),
        containsText(dialect, eb.ref("users.mobile"), keyword),
      ]),
    );
  }
  if (filter.status) query = query.where("users.status", "=", filter.status);
  if (roleCode) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("userRoles")
          .innerJoin("roles", "roles.id", "userRoles.roleId")
          .select("userRoles.userId")
          .whereRef("userRoles.userId", "=", "users.id")
          .where("roles.code", "=", roleCode),
      ),
    );
  }
  return query;
}

function rowsOf(deps: UserListDeps, filter?: UserListFilter) {
  return filtered(deps, filter)
    .leftJoin("companies", "companies.id", "users.companyId")
    .select((eb) => [
      "users.id",
      "users.username",
      "users.name",
      "users.mobile",
      "users.status",
      "users.createdAt",
      "companies.id as companyId",
      "companies.name as companyName",
      // The latest sign-in is the start of the user's newest session.
      eb
        .selectFrom("authSessions")
        .select((s) => s.fn.max("authSessions.createdAt").as("at"))
        .whereRef("authSessions.userId", "=", "users.id")
        .as("lastSignInAt"),
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof rowsOf>["execute"]>>[number];

async function shown(deps: UserListDeps, rows: UserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const roles =
    ids.length === 0
      ? []
      : await deps.db
          .selectFrom("userRoles")
          .innerJoin("roles", "roles.id", "userRoles.roleId")
          .select(["userRoles.userId", "roles.code", "roles.name"])
          .where("userRoles.userId", "in", ids)
          .orderBy("roles.code")
          .execute();
  const time = (value: Parameters<typeof fromDbTime>[0]) => formatDateTime(fromDbTime(value), deps.timeZone);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    status: row.status,
    roles: roles.filter((r) => r.userId === row.id).map((r) => ({ code: r.code, name: r.name })),
    company: row.companyId === null || row.companyName === null ? null : { id: row.companyId, name: row.companyName },
    createdDate: time(row.createdAt),
    lastSignInDate: row.lastSignInAt == null ? null : time(row.lastSignInAt),
  }));
}

/** POST /api/user/listData: newest accounts first, or as the caller sorts them. */
export async function listUsers(deps: UserListDeps, query: UserListQuery): Promise<Page<AdminUser>> {
  const [{ total }, rows] = await Promise.all([
    filtered(deps, query.model)
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow(),
    ordered(rowsOf(deps, query.model), query.orders, SORT_REFS, { column: "createdDate", asc: false }, "users.id")
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute(),
  ]);
  return { records: await shown(deps, rows), total: Number(total), current: query.current, size: query.size };
}

/** One account as the list shows it; undefined when there is none or it is deleted. */
export async function adminUserById(deps: UserListDeps, id: number): Promise<AdminUser | undefined> {
  const rows = await rowsOf(deps).where("users.id", "=", id).execute();
  return (await shown(deps, rows))[0];
}
