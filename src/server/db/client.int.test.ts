import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, type PgliteHandle } from "./client";
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
