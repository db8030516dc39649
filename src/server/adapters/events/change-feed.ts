import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DatabaseHandle } from "../../db/client";

export interface ChangeSubscriber {
  onNotification(payload: unknown): void;
  /** The feed lost its database connection and has listened again: notifications in between are gone. */
  onMissed(): void;
}

/**
 * Changes that every process must hear about (document status, progress, credits), carried by
 * PostgreSQL NOTIFY on both the embedded database and a server; one LISTEN connection per process.
 */
export interface ChangeFeed {
  /** NOTIFY on `channel`; inside the transaction `within`, it is delivered when that commits. */
  publish(channel: string, payload: unknown, within?: Database): Promise<void>;
  subscribe(channel: string, subscriber: ChangeSubscriber): Promise<() => void>;
  close(): Promise<void>;
}

/** The session that LISTENs for this process. */
interface ListenConnection {
  listen(channel: string): Promise<void>;
  close(): Promise<void>;
}

type Deliver = (channel: string, payload: string | undefined) => void;

function parse(payload: string | undefined): unknown {
  try {
    return JSON.parse(payload ?? "null");
  } catch {
    return null;
  }
}

export function createChangeFeed(handle: DatabaseHandle): ChangeFeed {
  const subscribers = new Map<string, Set<ChangeSubscriber>>();
  const listening = new Map<string, Promise<void>>();
  const deliver: Deliver = (channel, payload) => subscribers.get(channel)?.forEach((subscriber) => subscriber.onNotification(parse(payload)));
  const connection = handle.kind === "pglite" ? listenOnPglite(handle.client, deliver) : listenOnPostgres(handle.pool, deliver);

  return {
    async publish(channel, payload, within = handle.db) {
      await within.execute(sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`);
    },
    async subscribe(channel, subscriber) {
      if (!listening.has(channel)) {
        const listened = connection.listen(channel);
        listening.set(channel, listened);
        // A first LISTEN that failed (the database was down) is tried again by the next subscriber.
        listened.catch(() => listening.delete(channel));
      }
      await listening.get(channel);
      if (!subscribers.has(channel)) subscribers.set(channel, new Set());
      subscribers.get(channel)!.add(subscriber);
      return () => void subscribers.get(channel)?.delete(subscriber);
    },
    close: () => connection.close(),
  };
}

/** PGlite runs in this process: its LISTEN cannot be cut off. */
function listenOnPglite(client: PGlite, deliver: Deliver): ListenConnection {
  const unlistens: (() => Promise<void>)[] = [];
  return {
    async listen(channel) {
      unlistens.push(await client.listen(channel, (payload) => deliver(channel, payload)));
    },
    async close() {
      for (const unlisten of unlistens) await unlisten().catch(() => undefined);
    },
  };
}

/** One connection taken from the pool for good: LISTEN belongs to a session. */
function listenOnPostgres(pool: pg.Pool, deliver: Deliver): ListenConnection {
  let client: pg.PoolClient | undefined;
  return {
    async listen(channel) {
      if (!client) {
        client = await pool.connect();
        client.on("notification", (message) => deliver(message.channel, message.payload));
      }
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    async close() {
      client?.release();
    },
  };
}
