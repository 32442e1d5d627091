import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { Kysely } from "kysely";
import type { LogActionText } from "../contract/logActions";
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
    /** Where a long write transaction runs, out of the requests' way (DatabaseHandle.longWrites). */
    longWrites(): Kysely<Database>;
    /** Every route as registered, each with its `config.access` (requireDeclaredAccess in app.ts). */
    declaredRoutes: readonly RouteOptions[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The operation-log action of a route that changes something, from contract/logActions.ts so
     * that the app can show it in either language (e.g. LogAction.recordCreated), a function of
     * the request where one route does two things (add or edit by the body's id), or false for
     * routes that change nothing or write their own login rows.
     */
    logAction?: LogActionText | false | ((request: FastifyRequest) => LogActionText);
    /**
     * The route answers a signed-in user who must still change a generated password: the user
     * info, the menus, sign-out and the password change itself. Every other one answers 40302.
     */
    allowDuringPasswordChange?: boolean;
    /** The route builds a file as it downloads and runs only in an export slot (server/plugins/exportSlots.ts). */
    exportSlot?: boolean;
  }
}
