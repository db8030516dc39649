import { z } from "zod";
import type { ClauseModel } from "../../../core/rag/clause-model";
import { kindReaderOf, readEveryKind } from "../../../core/rag/kind-evidence";
import { defineJobType, type JobHandler } from "../../jobs/job-type";
import type { RetrievalRepo } from "./retrieval.repo";

const readKindsPayload = z.object({ document_id: z.uuid(), passages_version: z.int().nonnegative() });
export type ReadKindsPayload = z.infer<typeof readKindsPayload>;

/** Scoring every sentence of a document for every kind takes about a second of one core per 100 pages: one at a time per worker. */
export const readKindsJob = defineJobType({ name: "retrieval.read-kinds", version: 1, payload: readKindsPayload, maxAttempts: 3, concurrency: 1 });

/** The reading of one version of a document's passages: one queued or running per version. */
export function kindReading(documentId: string, passagesVersion: number): { payload: ReadKindsPayload; singletonKey: string } {
  return { payload: { document_id: documentId, passages_version: passagesVersion }, singletonKey: `${documentId}:${passagesVersion}` };
}

/**
 * Reads the processed document's passages for every kind the clause-kind model knows and stores
 * each kind's best sentences with the version it read. A document deleted or processed again
 * since has nothing to read: the newer version's own job reads that.
 */
export function readKindsHandler(deps: { repo: RetrievalRepo; clauseModel: () => Promise<ClauseModel> }): JobHandler<ReadKindsPayload> {
  return {
    async run(job) {
      const { document_id: documentId, passages_version: passagesVersion } = job.payload;
      if ((await deps.repo.findProcessedVersion(documentId)) !== passagesVersion) return;
      const [model, passages] = await Promise.all([deps.clauseModel(), deps.repo.listKindPassages(documentId)]);
      const kinds = readEveryKind(model, passages);
      await job.withLease(async (tx) => {
        if ((await deps.repo.findProcessedVersion(documentId, tx)) !== passagesVersion) return;
        await deps.repo.saveKindReading({ documentId, passagesVersion, readBy: kindReaderOf(model), kinds }, tx);
      });
    },
    describeFailure: () => "The document's clauses could not be read for questions; questions read them as they are asked.",
  };
}
