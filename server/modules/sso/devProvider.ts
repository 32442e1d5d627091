import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { App } from "../../types";
import { seedTestAccounts } from "./idpAccounts";
import { loadProviderSecrets, type ProviderSecrets } from "./keys";
import { createDevProvider } from "./provider";

export interface DevProvider {
  provider: Provider;
  secrets: ProviderSecrets;
  /** The provider's own request handler (a Koa application's). */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/**
 * The development provider, started at its first use (a request to /idp, the sign-in page's SSO
 * address, an id token to check): oidc-provider with Koa and their packages is some 10 MB that a
 * process which never serves SSO should not carry (issue 13). Asked for by requests only, which
 * come after the app is ready.
 */
export type CurrentDevProvider = () => Promise<DevProvider>;

/**
 * The provider's keys and test accounts live in the database, which the server has migrated once
 * the app gets ready (building the app touches no table): they are read and seeded then, so a
 * fault there stops the start as before. A start of the provider that fails is tried again at the
 * next use.
 */
export function startDevProviderWhenReady(app: App): CurrentDevProvider {
  let secrets: ProviderSecrets | null = null;
  let started: Promise<DevProvider> | null = null;
  app.addHook("onReady", async () => {
    secrets = await loadProviderSecrets(app.db, app.dialect);
    await seedTestAccounts(app.db, app.dialect, app.log);
  });
  const start = async (ready: ProviderSecrets): Promise<DevProvider> => {
    const provider = await createDevProvider(app, ready);
    return { provider, secrets: ready, handle: provider.callback() };
  };
  return () => {
    if (!secrets) return Promise.reject(new Error("the development OpenID provider is used before the app is ready"));
    started ??= start(secrets).catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };
}
