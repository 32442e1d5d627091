import type { FastifyInstance, FastifyRequest } from "fastify";

/** What a grant is given: the token request and its parameters (query and body merged, body winning). */
export interface GrantContext {
  request: FastifyRequest;
  params: Readonly<Record<string, string>>;
  /** The client that authenticated with client_id and client_secret. */
  clientId: string;
}

/** The user a grant signs in; the token endpoint checks the account's status and issues the tokens. */
export interface GrantUser {
  id: number;
  username: string;
}

/** Proves who signs in, or throws an OAuthError saying why not. */
export type GrantHandler = (context: GrantContext) => Promise<GrantUser>;

declare module "fastify" {
  interface FastifyInstance {
    /** grant_type -> handler; refresh_token is built into the token endpoint. */
    grants: Map<string, GrantHandler>;
  }
}

/** Sets up the registry on the root instance, so that every module's scope adds to the same one. */
export function decorateGrants(app: FastifyInstance): void {
  app.decorate("grants", new Map<string, GrantHandler>());
}

/**
 * Adds a grant type to POST /uaa/oauth/token (and GET /oauth/token), e.g. `vcpwd` for single
 * sign-on. Call it from a module registered after registerSignIn.
 */
export function registerGrant(app: FastifyInstance, grantType: string, handler: GrantHandler): void {
  if (grantType === "refresh_token" || app.grants.has(grantType)) throw new Error(`grant type ${grantType} is already registered`);
  app.grants.set(grantType, handler);
}
