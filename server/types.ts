import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { Kysely } from "kysely";
import type { MenuCodeValue } from "../contract/menus";
import type { Config } from "./config";
import type { Dialect } from "./db/database";
import type { Database } from "./db/schema";

/** The Fastify instance with TypeBox schemas as the source of request and reply types. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * Who may call a route, stated on the route itself as `config: { access }`:
 * "public" (anyone), "signedIn" (any signed-in user) or the menu code the caller's roles must hold.
 */
export type RouteAccess = "public" | "signedIn" | MenuCodeValue;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
