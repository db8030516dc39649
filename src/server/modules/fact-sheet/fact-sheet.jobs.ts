import type { Logger } from "pino";
import { z } from "zod";
import type { SiteConfig } from "../../../shared/site-config";
import type { Mailer } from "../../adapters/mail/mailer";
import { reminderEmail, toReminder } from "./fact-sheet-reminders";
import { parseProposals, proposalPrompt, withProposals } from "../../../core/fact-sheet/model-proposals";
import { FACT_READER_VERSION, readFactSheet, type FactPassage, type ReadFactSheet } from "../../../core/fact-sheet/read-facts";
import type { PageTexts } from "../../../core/rag/citations";
import type { StruckPages } from "../../../core/documents/struck-text";
import type { ChatModel } from "../../adapters/llm/chat-model";
import { defineJobType, type JobHandler } from "../../jobs/job-type";
import type { FactSheetRepo } from "./fact-sheet.repo";

/** Version 2 reads one version of the document's passages (version 1 read whatever was there). */
const buildFactSheetPayload = z.object({ document_id: z.uuid(), passages_version: z.int().nonnegative() });
export type BuildFactSheetPayload = z.infer<typeof buildFactSheetPayload>;

/** Reading a fact sheet takes well under a second of one core: a few at once per worker. */
export const buildFactSheetJob = defineJobType({ name: "fact-sheet.build", version: 2, payload: buildFactSheetPayload, maxAttempts: 3, concurrency: 2 });

/**
 * The build of one version of a document's passages: one queued or running per version, so a
 * build still reading the old passages never keeps the new ones from being read.
 */
export function factSheetBuild(documentId: string, passagesVersion: number): { payload: BuildFactSheetPayload; singletonKey: string } {
  return { payload: { document_id: documentId, passages_version: passagesVersion }, singletonKey: `${documentId}:${passagesVersion}` };
}

export interface BuildFactSheetDeps {
  repo: FactSheetRepo;
  logger: Logger;
  /** When a language model is configured, it is offered the fields the rules left blank. */
  chatModel?: ChatModel;
  /** Tells the owner's open pages the sheet changed. */
  announce: (userId: string, documentId: string) => Promise<void>;
}

/**
 * The rules' sheet with what the model proposes for its blank fields, each proposal verified like
 * the rules' values (ADR 023). A model that fails leaves the rules' sheet as it is.
 */
async function withModelProposals(
  model: ChatModel,
  read: ReadFactSheet,
  { passages, pages, struck }: { passages: FactPassage[]; pages: PageTexts; struck: StruckPages },
  logger: Logger,
): Promise<ReadFactSheet> {
  const blank = read.fields.filter((field) => field.values.length === 0 && field.key !== "product_lines").map((field) => field.key);
  const prompt = blank.length ? proposalPrompt(blank, passages) : undefined;
  if (!prompt) return read;
  try {
    let answer = "";
    for await (const piece of model.streamAnswer({ system: prompt.system, messages: [{ role: "user", content: prompt.user }] })) answer += piece;
    const { fields, refused } = withProposals(read.fields, parseProposals(answer), passages, pages, struck);
    return { fields, unverifiedCount: read.unverifiedCount + refused };
  } catch (error) {
    logger.warn({ err: error }, "the language model could not propose fact sheet values; the sheet keeps the rules' values");
    return read;
  }
}

/** Reads the document's fact sheet from its passages and pages; a document deleted or reprocessing since has nothing to read. */
export function buildFactSheetHandler(deps: BuildFactSheetDeps): JobHandler<BuildFactSheetPayload> {
  const announce = (userId: string, documentId: string) =>
    deps.announce(userId, documentId).catch((error: unknown) => deps.logger.warn({ err: error, documentId }, "could not announce a fact sheet"));
  return {
    async run(job) {
      const { document_id: documentId, passages_version: passagesVersion } = job.payload;
      const isCurrent = (document: { passagesVersion: number } | undefined) => document?.passagesVersion === passagesVersion;
      // Processed again since: the newer version's own build reads it.
      const document = await deps.repo.findProcessed(documentId);
      if (!document || !isCurrent(document)) return;
      const [passages, pages, struck] = await Promise.all([
        deps.repo.listPassages(documentId),
        deps.repo.listPageTexts(documentId),
        deps.repo.listStruckRanges(documentId),
      ]);
      const read = readFactSheet(passages, pages, struck);
      const sheet = deps.chatModel ? await withModelProposals(deps.chatModel, read, { passages, pages, struck }, deps.logger) : read;
      const isSaved = await job.withLease(async (tx) => {
        if (!isCurrent(await deps.repo.findProcessed(documentId, tx))) return false;
        await deps.repo.saveRead(documentId, sheet, FACT_READER_VERSION, tx);
        return true;
      });
      if (isSaved) await announce(document.userId, documentId);
    },
    describeFailure: () => "The fact sheet could not be read. Open it again to retry.",
    async afterAttemptEnd(job, end) {
      if (end.kind !== "failed") return;
      const documentId = job.payload.document_id;
      await deps.repo.markFailed(documentId);
      const document = await deps.repo.findProcessed(documentId);
      if (document) await announce(document.userId, documentId);
    },
  };
}

const sendReminderPayload = z.object({ reminder_id: z.uuid() });
export type SendReminderPayload = z.infer<typeof sendReminderPayload>;

export const sendReminderJob = defineJobType({ name: "fact-sheet.remind", version: 1, payload: sendReminderPayload, maxAttempts: 5, concurrency: 2 });

export interface SendReminderDeps {
  repo: FactSheetRepo;
  mailer: Mailer;
  site: SiteConfig;
  /** The fact sheet's address in this deployment, for the email's button. */
  factSheetUrl: (documentId: string) => string;
}

/** Emails a reminder on its day; one deleted since (or whose document was) sends nothing. */
export function sendReminderHandler(deps: SendReminderDeps): JobHandler<SendReminderPayload> {
  return {
    async run(job) {
      const due = await deps.repo.findDueReminder(job.payload.reminder_id);
      if (!due) return;
      const reminder = toReminder(due.reminder);
      await deps.mailer.send(
        reminderEmail({ to: due.email, reminder, documentName: due.documentName, factSheetUrl: deps.factSheetUrl(reminder.documentId), site: deps.site }),
      );
      await job.withLease((tx) => deps.repo.markReminderSent(reminder.id, tx));
    },
  };
}
