import { generateKeyPairSync, randomBytes } from "node:crypto";
import { calculateJwkThumbprint, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/database";
import type { Database, SsoKeysTable } from "../../db/schema";
import { toDbTime } from "../../db/time";

export interface ProviderSecrets {
  /** The private key the development provider signs id tokens with (RS256, the OpenID default). */
  signingKey: JWK;
  /** The public half, which vcpwd verifies id tokens against in-process. */
  publicKey: JWK;
  /** What the provider's cookies are signed with. */
  cookieSecret: string;
}

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi"] as const;

/**
 * A secret made at the first start and read back at every later one. Several processes may start
 * together on one PostgreSQL database: whichever insert lands first wins, and all use the stored row.
 */
async function storedSecret(db: Kysely<Database>, dialect: Dialect, name: SsoKeysTable["name"], make: () => Promise<string>): Promise<string> {
  const read = () => db.selectFrom("ssoKeys").select("value").where("name", "=", name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto("ssoKeys")
    .values({ name, value: await make(), createdAt: toDbTime(dialect, new Date()) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`sso_keys row ${name} vanished after insert`);
  return stored.value;
}

async function newSigningKey(): Promise<string> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  return JSON.stringify({ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" });
}

export async function loadProviderSecrets(db: Kysely<Database>, dialect: Dialect): Promise<ProviderSecrets> {
  const signingKey = JSON.parse(await storedSecret(db, dialect, "signing", newSigningKey)) as JWK;
  const cookieSecret = await storedSecret(db, dialect, "cookies", async () => randomBytes(32).toString("base64url"));
  const publicKey: JWK = Object.fromEntries(Object.entries(signingKey).filter(([member]) => !(PRIVATE_MEMBERS as readonly string[]).includes(member)));
  return { signingKey, publicKey, cookieSecret };
}
