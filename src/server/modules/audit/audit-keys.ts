import { createHash, createHmac } from "node:crypto";
import type { Digest } from "../../../core/audit/chain";

export const sha256: Digest = (text) => createHash("sha256").update(text).digest("hex");

/** The digests the audit log uses, each with its own key derived from the audit secret (ADR 031). */
export interface AuditKeys {
  /** Links events chained from now on: HMAC-SHA-256 with the chain key. */
  keyed: Digest;
  /** Links made before chains were keyed: plain SHA-256, checked but never written again. */
  unkeyed: Digest;
  /** Signs checkpoints of the chains' heads. */
  checkpoint: Digest;
}

/** One secret, two keys: a checkpoint's signature can never pass for an event's link, nor the reverse. */
export function createAuditKeys(secret: string): AuditKeys {
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest();
  const hmacWith =
    (key: Buffer): Digest =>
    (text) =>
      createHmac("sha256", key).update(text).digest("hex");
  return { keyed: hmacWith(derive("clausewise audit chain")), unkeyed: sha256, checkpoint: hmacWith(derive("clausewise audit checkpoint")) };
}
