import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "../../support/serverProcess";

/**
 * A TCP relay in front of PostgreSQL that a test can cut and restore: an outage of the database as
 * the server sees it, without touching the PostgreSQL server that other test files share.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the relay's. */
  via(url: string): string;
  /** Drops every connection and refuses new ones, as a stopped database does. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: string, options: { open: boolean } = { open: true }): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const relay = (client: Socket) => {
    const upstream = connect(Number(targetPort || 5432), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };

  const restore = () =>
    new Promise<void>((done, fail) => {
      if (server) return done();
      const listening = createServer(relay);
      listening.once("error", fail);
      listening.listen(port, "127.0.0.1", () => {
        server = listening;
        done();
      });
    });

  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((done) => closing.close(() => done()));
  };

  if (options.open) await restore();
  return {
    port,
    via(url: string) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.href;
    },
    cut,
    restore,
    close: cut,
  };
}
