import { Readable } from "node:stream";
import type { Actor } from "../../../core/access/actor";
import { can } from "../../../shared/access";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import type { OnboardingResponse, OnboardingStep } from "../../../shared/contracts/onboarding";
import type { DocumentsService } from "../documents/documents.service";
import type { OnboardingRepo } from "./onboarding.repo";
import { SAMPLE_FILENAME, writeSampleAgreementPdf } from "./sample-agreement";

export interface OnboardingServiceDeps {
  repo: OnboardingRepo;
  documents: Pick<DocumentsService, "upload" | "get" | "startProcessing">;
  now: () => Date;
}

/** Whether the person may invite colleagues: the checklist offers that step only then. */
function canInvite(actor: Actor): actor is Actor & { organizationId: string } {
  return actor.organizationId !== null && can(actor, "organization.manage", { organizationId: actor.organizationId });
}

/**
 * A newcomer's first hour: the checklist (upload a contract, ask a question, open a fact sheet,
 * invite a colleague), read from what the person has done, and the sample agreement to try it all with.
 */
export function createOnboardingService(deps: OnboardingServiceDeps) {
  let samplePdf: Promise<Uint8Array> | undefined;

  return {
    async get(actor: Actor): Promise<OnboardingResponse> {
      const mine = deps.repo.forUser(actor);
      const [progress, sampleDocumentId] = await Promise.all([mine.findProgress(), mine.findSampleDocumentId()]);
      if (progress?.completedAt) return { steps: [], isComplete: true, sampleDocumentId };
      const checks: [OnboardingStep, Promise<boolean>][] = [
        ["upload", mine.hasOwnDocument()],
        ["ask", mine.hasAsked()],
        ["fact-sheet", Promise.resolve(Boolean(progress?.factSheetOpenedAt))],
      ];
      if (canInvite(actor)) checks.push(["invite", mine.hasColleague(actor.organizationId)]);
      const steps = await Promise.all(checks.map(async ([step, isDone]) => ({ step, isDone: await isDone })));
      const isComplete = steps.every((step) => step.isDone);
      if (isComplete) await mine.markComplete(deps.now());
      return { steps: isComplete ? [] : steps, isComplete, sampleDocumentId };
    },

    async markFactSheetOpened(actor: Actor): Promise<void> {
      await deps.repo.forUser(actor).markFactSheetOpened(deps.now());
    },

    /**
     * Adds the sample agreement to the person's library and starts it like any upload, free of
     * credit; a library that has it already gets that one back, started again if it was waiting.
     */
    async addSample(actor: Actor): Promise<{ document: DocumentSummary; isNew: boolean }> {
      const existing = await deps.repo.forUser(actor).findSampleDocumentId();
      if (existing) return { document: await deps.documents.get(actor, existing), isNew: false };
      samplePdf ??= writeSampleAgreementPdf();
      const uploaded = await deps.documents.upload(actor, { filename: SAMPLE_FILENAME, content: Readable.from([await samplePdf]), isSample: true });
      const started = await deps.documents.startProcessing(actor, uploaded.id, "start");
      return { document: started.document, isNew: true };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
