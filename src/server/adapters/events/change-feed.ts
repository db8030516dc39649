import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import { backoffDelayMs, type Backoff } from "../../../shared/backoff";
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

/** Waits between attempts to open a lost LISTEN connection again. */
const LISTEN_RECONNECT_BACKOFF: Backoff = { firstMs: 250, maxMs: 10_000 };

function parse(payload: string | undefined): unknown {
  try {
    return JSON.parse(payload ?? "null");
  } catch {
    return null;
  }
}

export function createChangeFeed(handle: DatabaseHandle, logger: Logger): ChangeFeed {
  const subscribers = new Map<string, Set<ChangeSubscriber>>();
  const listening = new Map<string, Promise<void>>();
  const deliver: Deliver = (channel, payload) => subscribers.get(channel)?.forEach((subscriber) => subscriber.onNotification(parse(payload)));
  const tellMissed = () => subscribers.forEach((channelSubscribers) => channelSubscribers.forEach((subscriber) => subscriber.onMissed()));
  const connection = handle.kind === "pglite" ? listenOnPglite(handle.client, deliver) : listenOnPostgres(handle.pool, deliver, tellMissed, logger);

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

/**
 * A connection of its own, outside the pool (LISTEN belongs to a session). PostgreSQL may close it
 * at any time — a restart, a failover, a pooler, pg_terminate_backend: then it is opened again
 * with backoff, every channel is listened to again, and subscribers are told what they missed.
 * Without an `error` listener a dropped connection would end the process.
 */
function listenOnPostgres(pool: pg.Pool, deliver: Deliver, tellMissed: () => void, logger: Logger): ListenConnection {
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let isClosed = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client(pool.options);
    next.on("notification", (message) => deliver(message.channel, message.payload));
    next.on("error", (error) => onLost(next, error));
    next.on("end", () => onLost(next));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) {
      await next.end();
      throw new Error("The change feed is closed.");
    }
    client = next;
    return next;
  }

  function onLost(lost: pg.Client, error?: Error) {
    if (lost !== client || isClosed) return;
    client = undefined;
    logger.warn({ err: error }, "change feed: the LISTEN connection was lost; reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect() {
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        connecting = connect();
        connecting.then(
          () => {
            failedAttempts = 0;
            logger.info({ channels: [...channels] }, "change feed: listening again");
            tellMissed();
          },
          (error: unknown) => {
            if (isClosed) return;
            failedAttempts += 1;
            logger.warn({ err: error, failedAttempts }, "change feed: reconnecting failed; trying again");
            scheduleReconnect();
          },
        );
      },
      backoffDelayMs(failedAttempts, LISTEN_RECONNECT_BACKOFF),
    );
  }

  return {
    async listen(channel) {
      channels.add(channel);
      // While reconnecting, the new connection listens to every channel, this one included.
      if (reconnectTimer) return;
      if (!client) {
        connecting ??= connect();
        await connecting.catch((error: unknown) => {
          connecting = undefined;
          throw error;
        });
        return;
      }
      const current = client;
      await current.query(`listen ${pg.escapeIdentifier(channel)}`).catch((error: unknown) => {
        if (current === client) throw error;
      });
    },
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
