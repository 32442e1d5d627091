import type { RoleCodeValue } from "../../../contract/menus";
import { ADMIN_USERNAME } from "../../../server/db/seed";
import { toDbTime } from "../../../server/db/time";
import { issueTokens } from "../../../server/modules/auth/sessions";
import { hashPassword, verifyPassword } from "../../../server/security/password";
import type { App } from "../../../server/types";
import { TEST_ADMIN_PASSWORD } from "./testApp";

export interface NewUser {
  username: string;
  password: string;
  roles?: RoleCodeValue[];
  name?: string;
  mobile?: string | null;
  status?: "enabled" | "disabled";
}

/** A user straight in the database (argon2id hash, roles by code); returns its id. */
export async function createUser(app: App, user: NewUser): Promise<number> {
  const now = toDbTime(app.dialect, new Date());
  const { id } = await app.db
    .insertInto("users")
    .values({
      username: user.username,
      passwordHash: await hashPassword(user.password),
      name: user.name ?? user.username,
      mobile: user.mobile ?? null,
      status: user.status ?? "enabled",
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const roles = user.roles ?? [];
  if (roles.length > 0) {
    const roleRows = await app.db.selectFrom("roles").select("id").where("code", "in", roles).execute();
    await app.db
      .insertInto("userRoles")
      .values(roleRows.map((r) => ({ userId: id, roleId: r.id })))
      .execute();
  }
  return id;
}

export interface SignedIn {
  userId: number;
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  /** Spread into inject's headers: `{ authorization: "bearer <token>" }`. */
  headers: { authorization: string };
}

/**
 * Tokens for a user whose password is checked, without the captcha round trip: for tests of
 * other modules. The sign-in endpoint itself is tested in tests/api/modules/auth.
 */
export async function signIn(app: App, username: string, password: string): Promise<SignedIn> {
  const user = await app.db.selectFrom("users").select(["id", "passwordHash"]).where("username", "=", username).executeTakeFirst();
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw new Error(`signIn: wrong username or password for ${username}`);
  const issued = await issueTokens(app, user.id, { clientId: app.config.webClientId, ip: "127.0.0.1", userAgent: "api-test" });
  return {
    userId: user.id,
    sessionId: issued.sessionId,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    headers: { authorization: `bearer ${issued.accessToken}` },
  };
}

/** The seeded administrator, signed in. */
export function signInAsAdmin(app: App): Promise<SignedIn> {
  return signIn(app, ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
}
