import type { z } from "zod";
import type { Actor } from "../../../core/access/actor";
import type { feedbackRequestSchema, helpRequestSchema, problemReportRequestSchema, SupportRequestResponse } from "../../../shared/contracts/support";
import { feedbackCategoryLabels, helpCategoryLabels, type SupportRequestKind } from "../../../shared/support";
import type { ChatService } from "../chat/chat.service";
import { supportRequestEmail } from "./support-emails";
import type { NewSupportRequest, SupportRepo } from "./support.repo";

export interface SupportServiceDeps {
  repo: SupportRepo;
  /** The ownership check of a reported answer. */
  chat: Pick<ChatService, "getAnswer">;
  supportEmail: string;
  productName: string;
  publicUrl: string;
  /** After a request's email job is committed: wakes this process's worker. */
  onEmailQueued: () => void;
}

/** A problem report names no category of the person's choosing: it is about one chat answer. */
const PROBLEM_REPORT_CATEGORY = "Chat answer";

export function createSupportService(deps: SupportServiceDeps) {
  async function send(
    actor: Actor,
    request: NewSupportRequest & { kind: SupportRequestKind },
    categoryLabel: string,
    answer?: { sessionId: string; messageId: string; documentId: string },
  ): Promise<SupportRequestResponse["request"]> {
    const stored = await deps.repo.forUser(actor).createRequest(request, (row) =>
      supportRequestEmail(
        {
          requestId: row.id,
          kind: request.kind,
          categoryLabel,
          message: row.message,
          contactEmail: row.contactEmail,
          account: { userId: actor.userId, email: actor.email },
          pageUrl: new URL(row.path, deps.publicUrl).href,
          receivedAt: row.createdAt,
          answer,
        },
        deps.supportEmail,
        deps.productName,
      ),
    );
    deps.onEmailQueued();
    return { id: stored.id, kind: request.kind, createdAt: stored.createdAt.toISOString() };
  }

  return {
    /** Share feedback. */
    sendFeedback(actor: Actor, input: z.output<typeof feedbackRequestSchema>) {
      return send(actor, { kind: "feedback", ...input }, feedbackCategoryLabels[input.category]);
    },

    /** Support / Help. */
    sendHelpRequest(actor: Actor, input: z.output<typeof helpRequestSchema>) {
      return send(actor, { kind: "help", ...input }, helpCategoryLabels[input.category]);
    },

    /** A problem with one of the actor's answers; another person's, or none, is not found. */
    async reportProblem(actor: Actor, input: z.output<typeof problemReportRequestSchema>) {
      const answer = await deps.chat.getAnswer(actor, input.sessionId, input.messageId);
      return send(
        actor,
        {
          kind: "problem_report",
          category: null,
          message: input.message,
          path: input.path,
          chatSessionId: answer.sessionId,
          chatMessageId: answer.messageId,
          documentId: answer.documentId,
        },
        PROBLEM_REPORT_CATEGORY,
        answer,
      );
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
