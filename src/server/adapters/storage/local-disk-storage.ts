import { copyFile, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, StoredFileNotFoundError, type FileStorage } from "./file-storage";

/** The embedded default: files under DATA_DIR/files, written atomically. */
export function createLocalDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const ifStored = async <T>(key: string, action: (file: string) => Promise<T>): Promise<T> => {
    const file = pathOf(key);
    try {
      return await action(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoredFileNotFoundError(key, { cause: error });
      throw error;
    }
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
    async putFile(key, file) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(file.path, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        // Staged on another file system: copy beside the target, then rename, so a reader never sees half a file.
        const temporary = `${target}.${process.pid}.partial`;
        await copyFile(file.path, temporary);
        await rename(temporary, target);
      }
    },
    read: (key) => ifStored(key, async (file) => new Uint8Array(await readFile(file))),
    // Opening first makes a missing file fail here rather than later, mid-response.
    stream: (key) => ifStored(key, async (file) => (await open(file)).createReadStream()),
    delete: async (key) => rm(pathOf(key), { force: true }),
  };
}
