import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type FileStorage } from "./file-storage";

/** The embedded default: files under DATA_DIR/files, written atomically. */
export function createLocalDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.partial`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    read: async (key) => new Uint8Array(await readFile(pathOf(key))),
    stream: async (key) => createReadStream(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
  };
}
