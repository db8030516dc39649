import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PostgresHandle } from "../../src/server/db/client";
import { documents, jobs } from "../../src/server/db/schema/index";
import { refundFailedProcessingJob } from "../../src/server/modules/billing/billing.jobs";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient, uniqueTestEmail } from "../support/accounts";
import { startWebProcess, startWorkerProcess, type AppProcess } from "../support/app-processes";
import { credits, subscribeLocally } from "../support/billing";
import { markEveryAttemptCrashed, waitForStatus } from "../support/documents/processing";
import { buildPdf } from "../support/documents/test-fixtures";
import type { HttpClient } from "../support/http-client";
import { whoAmI } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

// What each process holds, across processes (ADR 037): this test's own app is one web process,
// `otherWeb` a second (`npm start`), and the jobs run in `npm run worker` processes. The actor cache
// keeps an identity for ten minutes here, so a refusal seen within the test's seconds can only have
// come from the change feed.

const OWNER_EMAIL = uniqueTestEmail("platform-owner");
const LEASE_SECONDS = 3;
const deployment = {
  AUTH_SECRET: randomBytes(32).toString("hex"),
  PLATFORM_OWNER_EMAILS: OWNER_EMAIL,
  TRIAL_DAYS: "0",
  ACTOR_CACHE_SECONDS: "600",
  JOB_LEASE_SECONDS: String(LEASE_SECONDS),
};

let testApp: TestApp;
let otherWeb: AppProcess & { origin: string };
const workers: AppProcess[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: deployment });
  otherWeb = await startWebProcess(testApp, { ...deployment, RUN_WORKER: "false" });
}, 90_000);
// Each test starts the workers it needs; none outlives it.
afterEach(async () => {
  for (const worker of workers.splice(0)) {
    worker.child.kill("SIGKILL");
    await worker.exited;
  }
});
afterAll(async () => {
  otherWeb?.child.kill("SIGKILL");
  await testApp.close();
});

/** A worker process; `clockOffsetMs` sets its clock apart from everyone else's. */
function startWorker(clockOffsetMs = 0): AppProcess {
  const worker = startWorkerProcess(testApp, { ...deployment, CLOCK_OFFSET_MS: String(clockOffsetMs) }, ["./tests/e2e/support/clock-offset.mjs"]);
  workers.push(worker);
  return worker;
}

/** `client`'s request, sent with its session cookie to the other web process. */
function onOtherWeb(client: HttpClient, pathname: string): Promise<Response> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return fetch(`${otherWeb.origin}${pathname}`, { headers: { cookie } });
}

/** Fails with what the other processes said, which is where their failures show. */
async function explained<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const said = [otherWeb, ...workers].map((running) => running.output()).join("\n---\n");
    throw new Error(`${String(error)}\n--- the other processes said ---\n${said}`, { cause: error });
  }
}

async function uploaded(client: HttpClient, filename: string, bytes: Uint8Array): Promise<DocumentSummary> {
  const response = await client.upload("/api/documents", filename, bytes);
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

const startProcessing = async (client: HttpClient, documentId: string, trigger: "start" | "reprocess") =>
  expect((await client.post(`/api/documents/${documentId}/process`, { trigger })).status).toBe(200);

const agreement = (notice: string) =>
  buildPdf([
    {
      lines: [
        { text: "7. TERMINATION", x: 72, y: 730 },
        { text: `Either party may terminate this Agreement on ${notice} days written notice.`, x: 72, y: 710 },
      ],
    },
  ]);

/** The passages a web process's retrieval answers a question about termination with. */
async function answeredPassages(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { passages: { text: string }[] }).passages.map((passage) => passage.text).join(" ");
}

describe("a document reprocessed by a worker whose clock is an hour behind", () => {
  it("is answered from its new text by both web processes", { timeout: 180_000 }, async () => {
    const owner = await signedUpClient(testApp);
    await subscribeLocally(owner, "pro");
    const document = await uploaded(owner, "Termination.pdf", agreement("ninety"));
    testApp.container.jobs.startWorker({ pollIntervalMs: 100 });
    await startProcessing(owner, document.id, "start");
    await waitForStatus(owner, document.id, ["completed"], 60_000);
    await testApp.container.jobs.stopWorker();

    const search = `/api/documents/${document.id}/search?q=${encodeURIComponent("How much notice to terminate?")}`;
    // Both web processes hold the document's passage index.
    expect(await answeredPassages(await owner.get(search))).toContain("ninety days");
    await explained(async () => expect(await answeredPassages(await onOtherWeb(owner, search))).toContain("ninety days"));

    // A newer reading of the same file: the stored original now says otherwise.
    const [stored] = await testApp.database.db
      .select({ storageKey: documents.storageKey, updatedAt: documents.updatedAt })
      .from(documents)
      .where(eq(documents.id, document.id));
    const storage = testApp.container.env.storage;
    if (storage.kind !== "local") throw new Error("this test writes the original where local storage keeps it");
    await writeFile(path.join(storage.root, stored!.storageKey), agreement("thirty"));

    startWorker(-60 * 60 * 1000);
    await startProcessing(owner, document.id, "reprocess");
    await explained(async () => {
      await expect
        .poll(
          async () =>
            (await testApp.database.db.select({ version: documents.passagesVersion }).from(documents).where(eq(documents.id, document.id)))[0]?.version,
          {
            timeout: 120_000,
            interval: 200,
          },
        )
        .toBe(2);
    });
    const [reprocessed] = await testApp.database.db
      .select({ status: documents.status, updatedAt: documents.updatedAt })
      .from(documents)
      .where(eq(documents.id, document.id));
    // The worker wrote its own clock's time: the document looks older than before it was reprocessed.
    expect(reprocessed).toMatchObject({ status: "completed" });
    expect(reprocessed!.updatedAt.getTime()).toBeLessThan(stored!.updatedAt.getTime());

    for (const answer of [await owner.get(search), await onOtherWeb(owner, search)]) {
      const passages = await answeredPassages(answer);
      expect(passages).toContain("thirty days");
      expect(passages).not.toContain("ninety days");
    }
  });
});

describe("a person signed out or banned on one web process", () => {
  /** Signed up here and remembered by the other web process's actor cache. */
  async function rememberedElsewhere(): Promise<HttpClient> {
    const person = await signedUpClient(testApp);
    await whoAmI(person);
    // The first request there may make nothing new, the second is answered from its cache.
    for (let request = 0; request < 2; request += 1) expect((await onOtherWeb(person, "/api/me")).status).toBe(200);
    return person;
  }

  const refusedElsewhere = (person: HttpClient) =>
    explained(() => expect.poll(async () => (await onOtherWeb(person, "/api/me")).status, { timeout: 10_000, interval: 50 }).toBe(401));

  it("is refused by the other web process once signed out, long before its cache would let go", async () => {
    const person = await rememberedElsewhere();
    expect((await person.post("/api/auth/sign-out")).status).toBe(200);
    await refusedElsewhere(person);
  });

  it("is refused by the other web process once banned, long before its cache would let go", async () => {
    const owner = await signedUpClient(testApp, OWNER_EMAIL);
    const person = await rememberedElsewhere();
    const bystander = await rememberedElsewhere();
    const { id } = await whoAmI(person);
    expect((await owner.post(`/api/admin/users/${id}/ban`, { reason: "Shared their account" })).status).toBe(200);
    await refusedElsewhere(person);
    // Everyone else's session still works there (read again, not from the forgotten cache).
    expect((await onOtherWeb(bystander, "/api/me")).status).toBe(200);
  });
});

describe("a failed document's refund", () => {
  it("is not lost when the worker is killed after the failing commit", { timeout: 180_000 }, async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    const document = await uploaded(person, "Refunded.pdf", agreement(`sixty-${Date.now()}`));
    await startProcessing(person, document.id, "start");
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
    await markEveryAttemptCrashed(testApp.database.db, document.id);

    // The credit's row is held here, so the worker's refund waits on it: it is killed in the middle.
    const held = await (testApp.database as PostgresHandle).pool.connect();
    await held.query("begin");
    await held.query("select 1 from document_usage_log where document_id = $1 for update", [document.id]);
    const doomed = startWorker();
    try {
      await explained(async () => {
        await waitForStatus(person, document.id, ["failed"], 60_000);
        await expect
          .poll(
            async () =>
              (
                await held.query<{ waiting: number }>(
                  "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
                )
              ).rows[0]!.waiting,
            {
              timeout: 30_000,
              interval: 50,
            },
          )
          .toBeGreaterThan(0);
      });
    } finally {
      doomed.child.kill("SIGKILL");
      await doomed.exited;
      await held.query("commit");
      held.release();
    }
    const refunds = () =>
      testApp.database.db
        .select({ status: jobs.status, attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.type, refundFailedProcessingJob.name), sql`${jobs.payload} ->> 'document_id' = ${document.id}`));
    expect(await refunds()).toEqual([{ status: "running", attempts: 1 }]);
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });

    // Another worker takes the refund over once the dead one's lease lapses.
    startWorker();
    await explained(() => expect.poll(async () => (await credits(person)).creditsAvailable, { timeout: 60_000, interval: 200 }).toBe(1));
    await expect.poll(refunds).toEqual([{ status: "completed", attempts: 2 }]);
  });
});
