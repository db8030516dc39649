import type { Env } from "../../env";
import type { FileStorage } from "./file-storage";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage } from "./s3-storage";

/** The file storage STORAGE names: a folder on local disk, or an S3 bucket. */
export function createFileStorage(storage: Env["storage"]): FileStorage {
  return storage.kind === "s3" ? createS3Storage(storage) : createLocalDiskStorage(storage.root);
}
