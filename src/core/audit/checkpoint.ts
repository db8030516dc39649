import { canonicalJson, type ChainBreak, type Digest } from "./chain";

/**
 * Checkpoints of the audit chains' heads, kept outside the database and signed with a key derived
 * from the audit secret (ADR 031). Verification compares the database with the latest one, so
 * cutting a chain's tail and moving its head back, or deleting a chain with its head, shows: the
 * chain alone cannot, as what remains of it is intact.
 */

/** One chain as a checkpoint saw it: its head, and where its keyed links begin. */
export interface CheckpointedChain {
  chain: string;
  seq: number;
  hash: string;
  keyedFromSeq: number;
}

export interface AuditCheckpoint {
  version: 1;
  createdAt: string;
  chains: CheckpointedChain[];
}

export interface SignedAuditCheckpoint extends AuditCheckpoint {
  /** HMAC-SHA-256 of the rest, canonical, with the checkpoint key. */
  signature: string;
}

function signedText(checkpoint: AuditCheckpoint): string {
  return canonicalJson({ version: checkpoint.version, createdAt: checkpoint.createdAt, chains: checkpoint.chains });
}

export function signCheckpoint(sign: Digest, checkpoint: AuditCheckpoint): SignedAuditCheckpoint {
  return { ...checkpoint, signature: sign(signedText(checkpoint)) };
}

/** The checkpoint when its signature holds; undefined when it was made or changed without the key (or is not one at all). */
export function readSignedCheckpoint(sign: Digest, value: unknown): AuditCheckpoint | undefined {
  if (!isCheckpointShaped(value)) return undefined;
  const checkpoint: AuditCheckpoint = { version: value.version, createdAt: value.createdAt, chains: value.chains };
  return sign(signedText(checkpoint)) === value.signature ? checkpoint : undefined;
}

function isCheckpointShaped(value: unknown): value is SignedAuditCheckpoint {
  const candidate = value as Partial<SignedAuditCheckpoint> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    candidate.version === 1 &&
    typeof candidate.createdAt === "string" &&
    typeof candidate.signature === "string" &&
    Array.isArray(candidate.chains) &&
    candidate.chains.every(
      (chain) => typeof chain?.chain === "string" && Number.isInteger(chain.seq) && typeof chain.hash === "string" && Number.isInteger(chain.keyedFromSeq),
    )
  );
}

/** What the database holds now of a chain a checkpoint saw. */
export interface ChainNow {
  seq: number;
  keyedFromSeq: number;
  prunedThroughSeq: number;
  prunedThroughHash: string;
  /** The hash of the stored event at the checkpoint's seq, or null when there is none. */
  hashAtCheckpointSeq: string | null;
}

/**
 * Where a chain no longer agrees with the checkpoint, or null: it must still exist, reach at least
 * the checkpoint's head, hold the same event there (unless retention has since pruned past it) and
 * begin its keyed links where it did.
 */
export function findCheckpointBreak(saw: CheckpointedChain, now: ChainNow | undefined): ChainBreak | null {
  const mismatch: ChainBreak = { chain: saw.chain, seq: saw.seq, eventId: null, reason: "checkpoint_mismatch" };
  if (!now) return { ...mismatch, reason: "chain_missing" };
  if (now.seq < saw.seq || now.keyedFromSeq !== saw.keyedFromSeq) return mismatch;
  if (saw.seq < now.prunedThroughSeq) return null;
  const hashThere = saw.seq === now.prunedThroughSeq ? now.prunedThroughHash : now.hashAtCheckpointSeq;
  return hashThere === saw.hash ? null : mismatch;
}
