import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { drizzleClientOf, openDatabase, queryRows, wrapPglite, type PgliteHandle } from "./client";
import { applyMigrations } from "./migrate";

async function openEmbedded(dataDir: string): Promise<PgliteHandle> {
  const handle = await openDatabase({ dataDir });
  if (handle.kind !== "pglite") throw new Error("expected the embedded database");
  return handle;
}

describe("the embedded database in DATA_DIR", () => {
  it("keeps data across a close and reopen, and migrating again changes nothing", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cw-persist-"));
    const first = await openEmbedded(dataDir);
    await applyMigrations(first);
    await first.client.exec("create table kept (note text); insert into kept values ('still here');");
    await first.close();

    const second = await openEmbedded(dataDir);
    await applyMigrations(second);
    const { rows } = await second.client.query("select note from kept");
    const extension = await second.client.query("select extname from pg_extension where extname = 'vector'");
    await second.close();
    expect(rows).toEqual([{ note: "still here" }]);
    expect(extension.rows).toHaveLength(1);
  }, 120_000); // Two cold PGlite starts on disk: seconds alone, much longer on a loaded CI machine.
});

describe("Drizzle's client of the embedded database", () => {
  const everyTextKeptType = sql`
    select timestamp '2026-01-02 03:04:05.678' as at, timestamptz '2026-01-02 03:04:05+00' as at_zone,
      interval '1 day 2 hours' as span, date '2026-01-02' as day, array[1.5, 2]::numeric[] as amounts,
      array[timestamp '2026-01-02 03:04:05'] as ats, array[timestamptz '2026-01-02 03:04:05+00'] as at_zones,
      array[interval '3 hours'] as spans, array[date '2026-01-02'] as days, 42 as count`;

  it("reads dates, times, intervals and numeric arrays exactly as Drizzle does over a plain PGlite, in and out of transactions", async () => {
    const plain = new PGlite();
    const handle = await wrapPglite(new PGlite());
    try {
      const expected = (await drizzle(plain).execute(everyTextKeptType)).rows;
      expect(expected[0]).toMatchObject({ at: "2026-01-02 03:04:05.678", span: "1 day 02:00:00", amounts: "{1.5,2}", count: 42 });
      expect(await queryRows(handle.db, everyTextKeptType)).toEqual(expected);
      expect(await handle.db.transaction((tx) => queryRows(tx, everyTextKeptType))).toEqual(expected);
    } finally {
      await plain.close();
      await handle.close();
    }
  }, 60_000);

  it("still applies a query's parsers for any other type", async () => {
    const client = new PGlite();
    try {
      const drizzleClient = drizzleClientOf(client);
      const { rows } = await drizzleClient.query<{ count: string }>("select 42 as count", [], { parsers: { [types.INT4]: (value) => `#${value}` } });
      expect(rows).toEqual([{ count: "#42" }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe("watching writes", () => {
  it("tells a watcher when a statement or a transaction writes what it watches, and when that unit has ended", async () => {
    const handle = await wrapPglite(new PGlite());
    const events: string[] = [];
    const stop = handle.watchWrites({
      isWatched: (statement) => /insert into watched/i.test(statement),
      began: () => events.push("began"),
      ended: () => events.push("ended"),
    });
    try {
      await handle.db.execute(sql`create table watched (note text)`);
      await handle.db.execute(sql`insert into watched values ('alone')`);
      expect(events).toEqual(["began", "ended"]);

      events.length = 0;
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into watched values ('one')`);
        await tx.execute(sql`insert into watched values ('two')`);
        events.push("last statement");
      });
      expect(events).toEqual(["began", "last statement", "ended"]);

      events.length = 0;
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into watched values ('undone')`);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(events).toEqual(["began", "ended"]);
      expect(await queryRows(handle.db, sql`select note from watched order by note`)).toEqual([{ note: "alone" }, { note: "one" }, { note: "two" }]);

      events.length = 0;
      stop();
      await handle.db.execute(sql`insert into watched values ('unwatched')`);
      expect(events).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
