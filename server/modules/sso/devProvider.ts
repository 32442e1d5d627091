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

/** The started development provider; only asked for by requests, which come after the app is ready. */
export type CurrentDevProvider = () => DevProvider;

/**
 * Starts the development provider when the app gets ready: its keys and test accounts live in the
 * database, which the server has migrated by then (building the app touches no table).
 */
export function startDevProviderWhenReady(app: App): CurrentDevProvider {
  let started: DevProvider | null = null;
  app.addHook("onReady", async () => {
    const secrets = await loadProviderSecrets(app.db, app.dialect);
    await seedTestAccounts(app.db, app.dialect, app.log);
    const provider = await createDevProvider(app, secrets);
    started = { provider, secrets, handle: provider.callback() };
  });
  return () => {
    if (!started) throw new Error("the development OpenID provider is used before the app is ready");
    return started;
  };
}
