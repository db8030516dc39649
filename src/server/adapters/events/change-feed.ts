import pg from "pg";
import type { DatabaseHandle } from "../../db/client";

type Listener = (payload: unknown) => void;

/**
 * Changes that every process must hear about (document status, progress), carried by
 * PostgreSQL NOTIFY on both the embedded database and a server; one LISTEN connection per process.
 */
export interface ChangeFeed {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}

function parse(payload: string | undefined): unknown {
  try {
    return JSON.parse(payload ?? "null");
  } catch {
    return null;
  }
}

export function createChangeFeed(handle: DatabaseHandle): ChangeFeed {
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (channel: string, payload: string | undefined) => listeners.get(channel)?.forEach((listener) => listener(parse(payload)));
  let listenClient: pg.PoolClient | undefined;
  const unlistens: (() => Promise<void>)[] = [];

  async function startListening(channel: string): Promise<void> {
    if (handle.kind === "pglite") {
      unlistens.push(await handle.client.listen(channel, (payload) => deliver(channel, payload)));
      return;
    }
    if (!listenClient) {
      // One connection taken from the pool for good: LISTEN belongs to a session.
      listenClient = await handle.pool.connect();
      listenClient.on("notification", (message) => deliver(message.channel, message.payload));
    }
    await listenClient.query(`listen ${pg.escapeIdentifier(channel)}`);
  }

  return {
    async publish(channel, payload) {
      const text = JSON.stringify(payload);
      if (handle.kind === "pglite") await handle.client.query("select pg_notify($1, $2)", [channel, text]);
      else await handle.pool.query("select pg_notify($1, $2)", [channel, text]);
    },
    async subscribe(channel, listener) {
      if (!listeners.has(channel)) {
        listeners.set(channel, new Set());
        await startListening(channel);
      }
      listeners.get(channel)!.add(listener);
      return () => listeners.get(channel)?.delete(listener);
    },
    async close() {
      for (const unlisten of unlistens) await unlisten().catch(() => undefined);
      listenClient?.release();
    },
  };
}
