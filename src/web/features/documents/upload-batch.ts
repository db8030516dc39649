import { cannotProcessMessages, type StartRefusalReason } from "../../../shared/billing";

/** What became of one file of a batch: refused before or at upload, stored and started, or stored and left waiting (for a credit, or after a failed start). */
export type BatchFileOutcome =
  | { kind: "refused"; filename: string; title: string; reason: string }
  | { kind: "started"; filename: string }
  | { kind: "waiting"; filename: string; reason: StartRefusalReason }
  | { kind: "not_started"; filename: string };

export interface BatchSummary {
  tone: "success" | "warning" | "error";
  title: string;
  description: string;
}

const documents = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/**
 * The one toast a batch ends with: how many were uploaded and started, why any wait (said once,
 * however many wait), and each file that was refused with its reason.
 */
export function summarizeBatch(outcomes: readonly BatchFileOutcome[]): BatchSummary {
  const stored = outcomes.filter((outcome) => outcome.kind !== "refused");
  const started = outcomes.filter((outcome) => outcome.kind === "started").length;
  const waiting = outcomes.flatMap((outcome) => (outcome.kind === "waiting" ? [outcome.reason] : []));
  const notStarted = outcomes.filter((outcome) => outcome.kind === "not_started").length;
  const refused = outcomes.flatMap((outcome) => (outcome.kind === "refused" ? [`${outcome.filename}: ${outcome.reason}`] : []));

  const lines: string[] = [];
  if (started > 0) lines.push(`${documents(started)} processing. Each card updates as it goes.`);
  if (waiting.length > 0) lines.push(`${documents(waiting.length)} waiting to be processed. ${cannotProcessMessages[waiting[0]!]}`);
  if (notStarted > 0)
    lines.push(`${documents(notStarted)} could not be started. Click Process on ${notStarted === 1 ? "its card" : "their cards"} to try again.`);
  if (refused.length > 0) lines.push(`Not uploaded — ${refused.join("; ")}`);

  const [only] = outcomes;
  // A batch of one refused file says why as its own toast always has: "Duplicate document", "File too large"…
  if (outcomes.length === 1 && only?.kind === "refused") return { tone: "error", title: only.title, description: only.reason };
  if (stored.length === 0) {
    return { tone: "error", title: outcomes.length === 1 ? "Upload failed" : "Uploads failed", description: lines.join(" ") };
  }
  return {
    tone: refused.length > 0 || waiting.length > 0 || notStarted > 0 ? "warning" : "success",
    title: stored.length === 1 ? "Document uploaded" : `${stored.length} documents uploaded`,
    description: lines.join(" "),
  };
}
