import type { FastifyInstance } from "fastify";
import type { UserInfo } from "../../../contract/schemas/auth";
import { roleCodesOf } from "./permissions";

/** Adds what another module knows about the user (company, certification) to the info (contract/schemas/auth.ts). */
export type UserInfoEnricher = (info: Readonly<UserInfo>) => Promise<Partial<UserInfo>>;

declare module "fastify" {
  interface FastifyInstance {
    userInfoEnrichers: UserInfoEnricher[];
  }
}

export function decorateUserInfo(app: FastifyInstance): void {
  app.decorate("userInfoEnrichers", []);
}

/** Call from a module registered after registerSignIn; enrichers run in the order added. */
export function addUserInfoEnricher(app: FastifyInstance, enricher: UserInfoEnricher): void {
  app.userInfoEnrichers.push(enricher);
}

/** The one place the signed-in user's info is assembled; null when the user is gone. */
export async function userInfoOf(app: Pick<FastifyInstance, "db" | "userInfoEnrichers">, userId: number): Promise<UserInfo | null> {
  const user = await app.db
    .selectFrom("users")
    .select(["id", "username", "name", "avatarFileId", "mobile", "email", "mustChangePassword"])
    .where("id", "=", userId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!user) return null;
  let info: UserInfo = {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatarFileId,
    mobile: user.mobile,
    email: user.email,
    roles: await roleCodesOf(app.db, user.id),
    company: null,
    certification: null,
    mustChangePassword: user.mustChangePassword === 1,
  };
  for (const enrich of app.userInfoEnrichers) info = { ...info, ...(await enrich(info)) };
  return info;
}
