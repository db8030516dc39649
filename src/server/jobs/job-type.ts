import { z } from "zod";
import type { Database } from "../db/client";
import type { JobProgress } from "./progress";

/**
 * A kind of work, as enqueuers see it: its name in the jobs table, the payload it takes and how it
 * is run. The module that owns the work defines it in its `<module>.jobs.ts` and registers a
 * handler for it.
 */
export interface JobType<Payload> {
  /** `<module>.<verb>`, e.g. `document.process`; stored on every job row. */
  readonly name: string;
  /**
   * The payload's shape, stored on every job row: a change to `payload` that an older job could not
   * satisfy takes the next version, so a job written for another shape fails with a clear reason
   * instead of running on what its handler misreads.
   */
  readonly version: number;
  /** Checked when a job is enqueued and again when it is claimed. */
  readonly payload: z.ZodType<Payload>;
  /** Claims before the job fails for good; a worker that dies mid-job uses one up too. */
  readonly maxAttempts: number;
  /** Jobs of this type one worker runs at once, so slow ones never hold every slot. */
  readonly concurrency: number;
}

export function defineJobType<Schema extends z.ZodType>(definition: {
  name: string;
  version: number;
  payload: Schema;
  maxAttempts: number;
  concurrency: number;
}): JobType<z.output<Schema>> {
  return definition as JobType<z.output<Schema>>;
}

/** The schedules' jobs carry nothing. */
export const emptyPayload = z.strictObject({});

/** A job as its worker claimed it: `attempts` counts this claim; `version` is its type's version when it was enqueued. */
export interface ClaimedJob<Payload = unknown> {
  id: string;
  type: string;
  version: number;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

/**
 * The claimed job's payload as its type reads it now, or why it cannot be read: written under
 * another version of the type, or not of its shape (an older release, a hand-made row).
 */
export function readPayload<Payload>(type: JobType<Payload>, job: ClaimedJob): { ok: true; payload: Payload } | { ok: false; reason: string } {
  if (job.version !== type.version) {
    return { ok: false, reason: `This ${type.name} job was written for version ${job.version} of its type; this worker runs version ${type.version}.` };
  }
  const parsed = type.payload.safeParse(job.payload);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${issue.path.map(String).join(".") || "payload"}: ${issue.message}`);
  return { ok: false, reason: `This ${type.name} job's payload is not one its type accepts (${problems.join("; ")}).` };
}

/** The claimed job as its handler sees it, with the lease that makes its writes count. */
export interface RunningJob<Payload> extends ClaimedJob<Payload> {
  /** Renews the lease and records progress; false once another worker has taken the job over. */
  heartbeat(progress: JobProgress): Promise<boolean>;
  /**
   * Runs `work` in a transaction that holds this attempt's lease (the job row locked, still this
   * worker's): the job's results are written only if no other worker has taken it over, and
   * LeaseLostError is thrown, with nothing written, if one has.
   */
  withLease<T>(work: (tx: Database) => Promise<T>): Promise<T>;
}

/** How an attempt ended, as written to the job row. */
export type AttemptEnd =
  | { kind: "completed" }
  | { kind: "retry"; delaySeconds: number; message: string }
  /** `isPermanent`: the input was at fault (retrying could not fix it), not us. */
  | { kind: "failed"; reason: string; isPermanent: boolean };

/** Why an attempt did not complete: its handler threw, or earlier workers died holding it on every attempt. */
export type JobFailure = { kind: "error"; error: unknown; isPermanent: boolean } | { kind: "crashed" };

export interface JobHandler<Payload> {
  /** Does the work. A throw retries with backoff; a PermanentJobError fails at once. */
  run(job: RunningJob<Payload>): Promise<void>;
  /** The readable reason a failure records (default: the error's message). */
  describeFailure?(job: ClaimedJob<Payload>, failure: JobFailure): string;
  /** Runs in the transaction that ends the attempt, only while this worker still holds the lease. */
  onAttemptEnd?(tx: Database, job: ClaimedJob<Payload>, end: AttemptEnd): Promise<void>;
  /** After that transaction committed: announcements, refunds. A throw is logged and changes nothing. */
  afterAttemptEnd?(job: ClaimedJob<Payload>, end: AttemptEnd): Promise<void>;
}

/** A failure retrying cannot fix (an encrypted file, a refused address); its message is for the person concerned. */
export class PermanentJobError extends Error {}

/** Another worker took the job over after this one's lease lapsed: whatever this attempt did is void. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} was taken over by another worker`);
  }
}
