import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, queryRows, type PostgresHandle } from "../../src/server/db/client";
import { auditChainHeads, auditEvents } from "../../src/server/db/schema/index";
import { createLocalDiskStorage } from "../../src/server/adapters/storage/local-disk-storage";
import { createAuditKeys } from "../../src/server/modules/audit/audit-keys";
import { createAuditLog } from "../../src/server/modules/audit/audit.module";
import { createAuditRepo } from "../../src/server/modules/audit/audit.repo";
import { systemActor } from "../../src/server/modules/audit/audit.service";
import { aNewAuditEvent } from "../support/audit";
import { createTestDatabase } from "../support/test-database";
import pino from "pino";

// What only a PostgreSQL server shows: a role granted INSERT and SELECT (as deployments run the web
// process, README "Audit log") cannot change or delete audit rows, and appends from several
// processes (pools of their own) keep each chain one line.

let database: PostgresHandle;
const role = `audit_web_${randomBytes(4).toString("hex")}`;
const organizationId = "7d3f6a52-3c0b-4b1e-9f1a-2a6f4b8c9d01";

beforeAll(async () => {
  const handle = await createTestDatabase();
  if (handle.kind !== "postgres") throw new Error("the PostgreSQL pass needs DATABASE_URL");
  database = handle;
  await database.db.execute(sql.raw(`create role ${role} nologin`));
  await database.db.execute(sql.raw(`grant select, insert on audit_events to ${role}`));
  await database.db.execute(sql.raw(`grant select, insert, update on audit_chain_heads to ${role}`));
});
afterAll(async () => {
  await database.close();
  const admin = openPostgres(process.env.DATABASE_URL!);
  await admin.db.execute(sql.raw(`drop role if exists ${role}`));
  await admin.close();
});

const newEvent = (targetId: string) => aNewAuditEvent(organizationId, targetId);
/** The deployment's AUDIT_SECRET, which every process shares. */
const auditSecret = randomBytes(32).toString("hex");

/** Runs `work` in a transaction as the web role. */
function asWebRole<T>(work: (tx: PostgresHandle["db"]) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${role}`));
    return work(tx as unknown as PostgresHandle["db"]);
  });
}

const errorCode = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

describe("the web role on PostgreSQL", () => {
  it("appends, but cannot update or delete, even with the retention setting", async () => {
    const repo = createAuditRepo(database.db, createAuditKeys(auditSecret));
    await asWebRole((tx) => repo.append(newEvent("by-web-role"), tx));
    const [stored] = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, "by-web-role"));
    expect(stored!.seq).toBeGreaterThan(0);
    await expect(asWebRole((tx) => tx.update(auditEvents).set({ outcome: "failed" }).where(eq(auditEvents.id, stored!.id)))).rejects.toSatisfy(
      (error) => errorCode(error) === "42501",
    );
    await expect(
      asWebRole(async (tx) => {
        await tx.execute(sql`select set_config('clausewise.audit_retention', 'on', true)`);
        return tx.delete(auditEvents).where(eq(auditEvents.id, stored!.id));
      }),
    ).rejects.toSatisfy((error) => errorCode(error) === "42501");
    const [still] = await database.db.select().from(auditEvents).where(eq(auditEvents.id, stored!.id));
    expect(still?.outcome).toBe("success");
  });

  it("cannot open the trigger's door itself, but may run the retention job's function, which prunes only what is past retention", async () => {
    const repo = createAuditRepo(database.db, createAuditKeys(auditSecret));
    const oldChain = "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";
    await database.db.transaction((tx) => repo.append(aNewAuditEvent(oldChain, "ancient", { occurredAt: new Date("2019-01-01T00:00:00Z") }), tx));
    await database.db.transaction((tx) => repo.append(aNewAuditEvent(oldChain, "recent"), tx));
    const [ancient] = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, "ancient"));
    await expect(
      asWebRole(async (tx) => {
        await tx.execute(sql`insert into audit_pruning_transactions (transaction_id) values (txid_current())`);
        return tx.delete(auditEvents).where(eq(auditEvents.id, ancient!.id));
      }),
    ).rejects.toSatisfy((error) => errorCode(error) === "42501");
    const pruned = await asWebRole((tx) => queryRows(tx, sql`select * from audit_prune_chain(${oldChain}, now() - interval '31 days', 1000)`));
    expect(pruned).toEqual([{ deleted: 1, through_seq: "1", through_hash: ancient!.hash }]);
    const left = await database.db.select({ targetId: auditEvents.targetId }).from(auditEvents).where(eq(auditEvents.chain, oldChain));
    expect(left).toEqual([{ targetId: "recent" }]);
    const [head] = await database.db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, oldChain));
    expect(head).toMatchObject({ prunedThroughSeq: 1, prunedThroughHash: ancient!.hash });
  });

  it("the owner is refused by the trigger too, unless it is the retention job's delete", async () => {
    const [any] = await database.db.select().from(auditEvents).limit(1);
    await expect(database.db.update(auditEvents).set({ outcome: "failed" }).where(eq(auditEvents.id, any!.id))).rejects.toSatisfy(
      (error) => errorCode(error) === "42501",
    );
  });
});

describe("appends from several processes", () => {
  it("keep each chain one line with no gaps, and the chain verifies", async () => {
    const url = database.pool.options.connectionString!;
    const processes = Array.from({ length: 4 }, () => openPostgres(url));
    try {
      const storage = createLocalDiskStorage(await mkdtemp(path.join(os.tmpdir(), "clausewise-audit-pg-")));
      const services = processes.map(
        (process) => createAuditLog({ db: process.db, storage, secret: auditSecret, logger: pino({ level: "silent" }), now: () => new Date() }).audit,
      );
      const actor = { ...systemActor, organizationId };
      await Promise.all(
        services.flatMap((service, processIndex) =>
          Array.from({ length: 25 }, (_, index) => service.record(actor, "document.viewed", { type: "document", id: `p${processIndex}-${index}` })),
        ),
      );
      await Promise.all(services.map((service) => service.flush()));
      const seqs = (await database.db.select({ seq: auditEvents.seq }).from(auditEvents).where(eq(auditEvents.chain, organizationId)))
        .map((row) => row.seq)
        .sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1));
      expect(seqs.length).toBe(101);
      const [head] = await database.db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, organizationId));
      expect(head!.seq).toBe(101);
      expect((await services[0]!.verify()).isIntact).toBe(true);
    } finally {
      await Promise.all(processes.map((process) => process.close()));
    }
  });
});
