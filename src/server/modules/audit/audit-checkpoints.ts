import { readSignedCheckpoint, signCheckpoint, type AuditCheckpoint, type CheckpointedChain } from "../../../core/audit/checkpoint";
import type { Digest } from "../../../core/audit/chain";
import { StoredFileNotFoundError, type FileStorage } from "../../adapters/storage/file-storage";

const LATEST_KEY = "audit-checkpoints/latest.json";

/** The latest checkpoint as read back: none yet, one whose signature holds, or one that does not. */
export type LatestCheckpoint = { status: "none" } | { status: "valid"; checkpoint: AuditCheckpoint } | { status: "invalid" };

/** `2026-11-28T13:05:09.123Z` → `20261128T130509123Z`: a storage key, sorting by time. */
const timeKey = (createdAt: string) => createdAt.replace(/[-:.]/g, "");

/**
 * Signed checkpoints of the chains' heads, kept where the database's users cannot reach: the file
 * storage every process shares (DATA_DIR/files, or the S3 bucket). Each is written twice, as the
 * latest (which verification reads) and under its time (a history to compare with by hand).
 */
export function createAuditCheckpoints(deps: { storage: FileStorage; sign: Digest; now: () => Date }) {
  return {
    async write(chains: CheckpointedChain[]): Promise<AuditCheckpoint> {
      const checkpoint: AuditCheckpoint = { version: 1, createdAt: deps.now().toISOString(), chains };
      const bytes = new TextEncoder().encode(`${JSON.stringify(signCheckpoint(deps.sign, checkpoint), null, 1)}\n`);
      await deps.storage.put(`audit-checkpoints/${timeKey(checkpoint.createdAt)}.json`, bytes, "application/json");
      await deps.storage.put(LATEST_KEY, bytes, "application/json");
      return checkpoint;
    },

    async latest(): Promise<LatestCheckpoint> {
      let text: string;
      try {
        text = new TextDecoder().decode(await deps.storage.read(LATEST_KEY));
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) return { status: "none" };
        throw error;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { status: "invalid" };
      }
      const checkpoint = readSignedCheckpoint(deps.sign, parsed);
      return checkpoint ? { status: "valid", checkpoint } : { status: "invalid" };
    },
  };
}

export type AuditCheckpoints = ReturnType<typeof createAuditCheckpoints>;
