import { z } from "zod";
import { documentSummarySchema } from "./documents";

/** /api/onboarding: a newcomer's first steps and the sample agreement to try the product with. */

/** The checklist's steps, in the order it shows them. */
export const onboardingSteps = ["upload", "ask", "fact-sheet", "invite"] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** GET /api/onboarding: each step that applies to the person (inviting needs an organization admin), done or not. */
export const onboardingResponseSchema = z.object({
  steps: z.array(z.object({ step: z.enum(onboardingSteps), isDone: z.boolean() })),
  /** Every step done, now or before: the checklist is not shown again. */
  isComplete: z.boolean(),
  /** The sample agreement in the person's library, if it is there. */
  sampleDocumentId: z.uuid().nullable(),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;

/** POST /api/onboarding/sample: the sample agreement, added to the library and started free of credit (or the one already there). */
export const sampleDocumentResponseSchema = z.object({ document: documentSummarySchema });
export type SampleDocumentResponse = z.infer<typeof sampleDocumentResponseSchema>;
