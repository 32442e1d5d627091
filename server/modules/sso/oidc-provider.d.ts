/**
 * The part of oidc-provider 9 that the development provider uses. The package ships no types of
 * its own, so this declares exactly the surface server/modules/sso relies on.
 */
declare module "oidc-provider" {
  import type { EventEmitter } from "node:events";
  import type { IncomingMessage, ServerResponse } from "node:http";
  import type { JWK } from "jose";

  /** What the provider stores per model instance; the adapter keeps it as opaque JSON. */
  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    status: number;
  }

  export interface ClientMetadata {
    client_id: string;
    token_endpoint_auth_method: "none";
    application_type: "web";
    redirect_uris: string[];
    post_logout_redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
    scope: string;
  }

  export type TtlFunction = (ctx: unknown, token: unknown, client: unknown) => number;

  export interface Configuration {
    adapter: (model: string) => Adapter;
    clients: ClientMetadata[];
    clientBasedCORS: (ctx: unknown, origin: string, client: unknown) => boolean;
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    cookies: { keys: string[] };
    features: {
      devInteractions: { enabled: boolean };
      rpInitiatedLogout: {
        enabled: boolean;
        /** Renders the sign-out confirmation around `form` (the provider's form, with its xsrf). */
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => Promise<void>;
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => Promise<void>;
      };
    };
    findAccount: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    interactions: { url: (ctx: unknown, interaction: { uid: string }) => string };
    jwks: { keys: JWK[] };
    pkce: { required: () => boolean };
    renderError: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void>;
    responseTypes: string[];
    scopes: string[];
    ttl: Record<string, number | TtlFunction>;
  }

  export interface PromptDetails {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
  }

  export interface InteractionResults {
    login?: { accountId: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: PromptDetails };
    params: Record<string, unknown> & { client_id: string };
    session?: { accountId: string };
    grantId?: string;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface GrantStatic {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export class Provider extends EventEmitter {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    /** Koa's: trust X-Forwarded-Proto and X-Forwarded-Host. */
    proxy: boolean;
    readonly Grant: GrantStatic;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    /** Koa middleware, run before the provider's own. */
    use(middleware: (ctx: { status: number; body: unknown; type: string }, next: () => Promise<void>) => Promise<void>): this;
    urlFor(name: "authorization" | "token" | "end_session"): string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResults): Promise<string>;
  }

  export default Provider;
}
