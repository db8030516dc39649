import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { LIVE_EVENTS_CHANNEL } from "../../src/server/modules/events/live-events";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { payerContractPdf } from "../support/documents/payer-contract";
import { uploadedDocument } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { closeEventStreams, openEventStream } from "../support/live-events";
import { createTestApp, type TestApp } from "../support/test-app";

// PostgreSQL may close any connection: a restart, a failover, a pooler, pg_terminate_backend.
// The change feed's LISTEN connection must come back by itself (issue 20), never end the process.

let testApp: TestApp;
let person: HttpClient;

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signedUpClient(testApp);
});
afterAll(async () => {
  await closeEventStreams();
  await testApp.close();
});

/** The server processes of this test's database that LISTEN for live events: the change feed's connection. */
async function listeningBackends(): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    testApp.database.db,
    sql`select pid from pg_stat_activity where datname = current_database() and query = ${`listen "${LIVE_EVENTS_CHANNEL}"`}`,
  );
  return rows.map((row) => row.pid);
}

async function terminate(pid: number): Promise<void> {
  const [terminated] = await queryRows<{ ok: boolean }>(testApp.database.db, sql`select pg_terminate_backend(${pid}) as ok`);
  expect(terminated?.ok).toBe(true);
}

const upload = (filename: string): Promise<DocumentSummary> => uploadedDocument(person, filename, payerContractPdf(`${filename} ${Date.now()}`));

describe("the live-event feed on PostgreSQL", () => {
  it(
    "listens again after its connection is terminated, tells open streams to resync, and delivers events on the same stream",
    { timeout: 60_000 },
    async () => {
      const stream = await openEventStream(person);
      const before = await upload("Before the drop.pdf");
      await expect.poll(() => stream.eventsOfType("document").some((event) => event.documentId === before.id), { timeout: 10_000 }).toBe(true);

      for (const round of [1, 2]) {
        const [listener, ...others] = await listeningBackends();
        expect(others).toEqual([]);
        await terminate(listener!);
        await expect.poll(() => stream.resyncCount(), { timeout: 30_000 }).toBe(round);
        const reconnected = await listeningBackends();
        expect(reconnected).toHaveLength(1);
        expect(reconnected).not.toContain(listener);

        const after = await upload(`After drop ${round}.pdf`);
        await expect.poll(() => stream.eventsOfType("document").some((event) => event.documentId === after.id), { timeout: 10_000 }).toBe(true);
      }
      expect(stream.isEnded()).toBe(false);
      expect((await person.get("/api/health")).status).toBe(200);
    },
  );

  it("serves a stream opened after a reconnect like any other", { timeout: 60_000 }, async () => {
    const [listener] = await listeningBackends();
    const earlier = await openEventStream(person);
    await terminate(listener!);
    await expect.poll(() => earlier.resyncCount(), { timeout: 30_000 }).toBe(1);

    const later = await openEventStream(person);
    const document = await upload("Seen by the later stream.pdf");
    await expect.poll(() => later.eventsOfType("document").some((event) => event.documentId === document.id), { timeout: 10_000 }).toBe(true);
    expect(later.resyncCount()).toBe(0);
  });
});
