import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENESIS_HASH, hashEvent } from "../../src/core/audit/chain";
import { createLocalDiskStorage } from "../../src/server/adapters/storage/local-disk-storage";
import { pgliteExtensions, wrapPglite, type PgliteHandle } from "../../src/server/db/client";
import { applyMigrations, migrationsFolder } from "../../src/server/db/migrate";
import { auditChainHeads, auditEvents } from "../../src/server/db/schema/index";
import { sha256 } from "../../src/server/modules/audit/audit-keys";
import { createAuditLog } from "../../src/server/modules/audit/audit.module";
import { systemActor } from "../../src/server/modules/audit/audit.service";
import { aNewAuditEvent } from "../support/audit";

// An installation whose audit log was chained with plain SHA-256 (ADR 020) upgrades to keyed
// chains (migration 0022, ADR 031): its events keep verifying, and what follows is keyed.

const KEYED_MIGRATION = "0022_audit_keyed_chains";
const organizationId = "5a1e0c2b-7d4f-4e3a-9b8c-0d1e2f3a4b5c";

let workDir: string;
let database: PgliteHandle;

/** The committed migrations as they were before keyed chains. */
async function migrationsBeforeKeying(): Promise<string> {
  const folder = path.join(workDir, "migrations");
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const keyedAt = journal.entries.findIndex((entry) => entry.tag === KEYED_MIGRATION);
  expect(keyedAt).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, keyedAt) }));
  return folder;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "clausewise-audit-migration-"));
  database = await wrapPglite(new PGlite({ extensions: pgliteExtensions }));
  await applyMigrations(database, await migrationsBeforeKeying());
});
afterAll(async () => {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
});

describe("upgrading an unkeyed audit log", () => {
  it("keeps its events verifying, keys every event after them, and checkpoints the boundary", async () => {
    // Three events as ADR 020's code chained them: SHA-256, no key.
    let previous = GENESIS_HASH;
    for (const seq of [1, 2, 3]) {
      const content = { ...aNewAuditEvent(organizationId, `before-${seq}`), chain: organizationId, seq };
      const hash = hashEvent(sha256, previous, content);
      await database.db.insert(auditEvents).values({ ...content, prevHash: previous, hash });
      previous = hash;
    }
    await database.db.execute(sql`insert into audit_chain_heads (chain, seq, hash) values (${organizationId}, 3, ${previous})`);

    await applyMigrations(database);

    const [head] = await database.db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, organizationId));
    expect(head).toMatchObject({ seq: 3, hash: previous, keyedFromSeq: 4 });
    const { audit } = createAuditLog({
      db: database.db,
      storage: createLocalDiskStorage(path.join(workDir, "files")),
      secret: "an-audit-secret-of-the-deployment-0123456789",
      logger: pino({ level: "silent" }),
      now: () => new Date(),
    });
    await audit.record({ ...systemActor, organizationId }, "document.viewed", { type: "document", id: "after" });
    const { verification, checkpoint } = await audit.checkpoint();
    expect(verification).toMatchObject({ isIntact: true, events: 4, firstBreak: null });
    expect(checkpoint?.chains).toEqual([{ chain: organizationId, seq: 4, hash: expect.any(String), keyedFromSeq: 4 }]);

    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.chain, organizationId)).orderBy(asc(auditEvents.seq));
    const after = events.at(-1)!;
    expect(after.prevHash).toBe(previous);
    // Keyed: SHA-256 alone, all a database user can compute, does not give its hash.
    expect(after.hash).not.toBe(hashEvent(sha256, after.prevHash, after));
  });
});
