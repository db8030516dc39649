import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient } from "../support/accounts";
import { startWorkerProcess } from "../support/app-processes";
import { listProcessingJobs, waitForStatus } from "../support/documents/processing";
import { multiPageTiff, renderTextPng } from "../support/documents/test-fixtures";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";
import type { DocumentSummary } from "../../src/shared/contracts/documents";

const LEASE_SECONDS = 3;

let testApp: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off", JOB_LEASE_SECONDS: String(LEASE_SECONDS) } });
  owner = await signedUpClient(testApp);
});
afterAll(() => testApp.close());

/** A faxed contract: six scanned pages, so reading it (OCR, page by page) takes a while. */
async function faxedContract(): Promise<Buffer> {
  const pages = [1, 2, 3, 4, 5, 6].map((section) =>
    renderTextPng([
      `SECTION ${section}. PAYMENT TERMS`,
      `${section}.1 Payer shall pay each clean claim within ${section * 10} days.`,
      `${section}.2 Interest accrues on late payment at one percent.`,
    ]),
  );
  return multiPageTiff(pages);
}

/** `npm run worker` on this test's database, as a process of its own. */
function startWorker() {
  return startWorkerProcess(testApp, {
    AUTH_SECRET: randomBytes(32).toString("hex"),
    BILLING: "off",
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    LOG_LEVEL: "info",
  });
}

describe("a worker process killed mid-job", () => {
  it("leaves its job to another worker, which takes it over once the lease lapses and finishes it", { timeout: 180_000 }, async () => {
    const upload = await owner.upload("/api/documents", "Faxed contract.tiff", await faxedContract());
    const { document } = (await upload.json()) as { document: DocumentSummary };
    expect((await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" })).status).toBe(200);

    const killed = startWorker();
    try {
      // Mid-job: the other process holds the job and is reading the pages, not done with them.
      await expect
        .poll(async () => (await listProcessingJobs(testApp.database.db, document.id))[0], { timeout: 120_000, interval: 50 })
        .toMatchObject({ status: "running", lockedBy: expect.stringContaining(killed.workerIdPrefix), stage: "extract" });
      const [held] = await listProcessingJobs(testApp.database.db, document.id);
      expect(held!.progressDone).toBeLessThan(6);
      killed.child.kill("SIGKILL");
      expect(await killed.exited).toBe("SIGKILL");
    } catch (error) {
      killed.child.kill("SIGKILL");
      throw new Error(`${String(error)}\n--- the worker process said ---\n${killed.output()}`, { cause: error });
    }
    expect((await waitForStatus(owner, document.id, ["processing"])).status).toBe("processing");

    const survivor = testApp.container.jobs.startWorker({ pollIntervalMs: 100 });
    const finished = await waitForStatus(owner, document.id, ["completed", "failed"], 120_000);
    expect(finished).toMatchObject({ status: "completed", pageCount: 6, failureReason: null });
    // The job is marked done by its worker once the handler returns, a statement after the document's.
    await expect
      .poll(() => listProcessingJobs(testApp.database.db, document.id), { timeout: 10_000, interval: 50 })
      .toEqual([expect.objectContaining({ status: "completed", attempts: 2, lockedBy: null, errorMessage: null })]);
    const { pages } = (await (await owner.get(`/api/documents/${document.id}/pages`)).json()) as { pages: { pageNumber: number; text: string }[] };
    expect(pages.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages[5]!.text).toContain("60 days");
    expect(survivor.workerId).not.toContain(killed.workerIdPrefix);
  });
});
