import type { Readable } from "node:stream";

/** Where original uploads live: local disk by default, S3-compatible storage in production. */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores a finished file of this machine under `key` without reading it into memory: the local
   * disk moves it in (a rename on the same file system), S3 streams it with its length. The
   * caller removes `file` afterwards whether or not it is still there.
   */
  putFile(key: string, file: StagedFile, contentType: string): Promise<void>;
  /** Throws StoredFileNotFoundError when nothing is stored under the key. */
  read(key: string): Promise<Uint8Array>;
  /** Throws StoredFileNotFoundError before returning when nothing is stored under the key. */
  stream(key: string): Promise<Readable>;
  /** Deleting a key that holds nothing succeeds: deletes may be retried. */
  delete(key: string): Promise<void>;
}

/** A file received on this machine's disk, with what was measured while it was written. */
export interface StagedFile {
  path: string;
  size: number;
}

/**
 * Storage keys are ours, never derived from a user's file name: "documents/<uuid>", and an
 * account's avatar "avatars/<userId>/avatar.<png|jpg|webp>" (spec section 3), and the audit log's
 * signed checkpoints "audit-checkpoints/<latest|time>.json" (ADR 031).
 */
export function assertStorageKey(key: string): void {
  if (
    !/^[a-z]+\/[0-9a-f-]{36}$/.test(key) &&
    !/^avatars\/[A-Za-z0-9_-]{1,64}\/avatar\.(png|jpg|webp)$/.test(key) &&
    !/^audit-checkpoints\/(latest|\d{8}T\d{9}Z)\.json$/.test(key)
  )
    throw new Error(`Invalid storage key: ${key}`);
}

export class StoredFileNotFoundError extends Error {
  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(`No file is stored under ${key}.`, options);
    this.name = "StoredFileNotFoundError";
  }
}
