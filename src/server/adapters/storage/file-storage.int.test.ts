import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../../../../tests/support/s3-server";
import { StoredFileNotFoundError, type FileStorage } from "./file-storage";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage } from "./s3-storage";

interface OpenedStorage {
  storage: FileStorage;
  close(): Promise<void>;
}

/** Every adapter must pass the same contract: the app cannot tell them apart. */
const adapters: [string, () => Promise<OpenedStorage>][] = [
  [
    "local disk",
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), "clausewise-files-"));
      return { storage: createLocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const server = await startS3Server();
      return { storage: createS3Storage(server.config), close: server.close };
    },
  ],
];

const newKey = () => `documents/${randomUUID()}`;
const pdfBytes = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`);

describe.each(adapters)("%s storage", (_, open) => {
  let opened: OpenedStorage;
  let storage: FileStorage;
  beforeAll(async () => {
    opened = await open();
    storage = opened.storage;
  });
  afterAll(() => opened.close());

  it("reads back exactly what it stored, whole and as a stream", async () => {
    const key = newKey();
    const bytes = pdfBytes("contract");
    await storage.put(key, bytes, "application/pdf");
    expect(await storage.read(key)).toEqual(bytes);
    expect(new Uint8Array(await buffer(await storage.stream(key)))).toEqual(bytes);
  });

  it("streams a file of several megabytes in order", async () => {
    const key = newKey();
    const bytes = new Uint8Array(randomBytes(5 * 1024 * 1024));
    await storage.put(key, bytes, "application/pdf");
    const streamed = await buffer(await storage.stream(key));
    expect(streamed.equals(bytes)).toBe(true);
  });

  it("stores a staged file under its key, and the key reads back exactly its bytes", async () => {
    const key = newKey();
    const bytes = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
    const staging = await mkdtemp(path.join(os.tmpdir(), "clausewise-staged-"));
    const file = path.join(staging, "upload.part");
    await writeFile(file, bytes);
    await storage.putFile(key, { path: file, size: bytes.byteLength }, "application/pdf");
    expect(Buffer.from(await storage.read(key)).equals(bytes)).toBe(true);
    await rm(staging, { recursive: true, force: true });
  });

  it("replaces a file put again under the same key", async () => {
    const key = newKey();
    await storage.put(key, pdfBytes("first"), "application/pdf");
    await storage.put(key, pdfBytes("second"), "application/pdf");
    expect(await storage.read(key)).toEqual(pdfBytes("second"));
  });

  it("deletes a file, and deleting it again or a key never stored succeeds", async () => {
    const key = newKey();
    await storage.put(key, pdfBytes("to delete"), "application/pdf");
    await storage.delete(key);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(newKey())).resolves.toBeUndefined();
  });

  it("says which key is missing when reading or streaming a file that is not there", async () => {
    const key = newKey();
    for (const attempt of [() => storage.read(key), () => storage.stream(key)]) {
      await expect(attempt()).rejects.toThrow(new StoredFileNotFoundError(key));
      await expect(attempt()).rejects.toMatchObject({ name: "StoredFileNotFoundError", key });
    }
  });

  it.each([
    "../../etc/passwd",
    "documents/../../../etc/passwd",
    `documents/${randomUUID()}/../x`,
    `Documents/${randomUUID()}`,
    `/documents/${randomUUID()}`,
    "documents/Aetna Provider Agreement.pdf",
    "",
  ])("refuses the key %j for every operation", async (key) => {
    const operations = [
      () => storage.put(key, pdfBytes("x"), "application/pdf"),
      () => storage.putFile(key, { path: "/nonexistent", size: 1 }, "application/pdf"),
      () => storage.read(key),
      () => storage.stream(key),
      () => storage.delete(key),
    ];
    for (const operation of operations) await expect(operation()).rejects.toThrow(`Invalid storage key: ${key}`);
  });
});

describe("S3 storage against a server that refuses it", () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  // s3rver checks the access key id but not SigV4 signatures, so a wrong secret would pass.
  it("sends the configured credentials: an unknown access key is refused", async () => {
    const storage = createS3Storage({ ...server.config, credentials: { accessKeyId: "someone-else", secretAccessKey: "secret" } });
    const key = newKey();
    await expect(storage.put(key, pdfBytes("x"), "application/pdf")).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
    expect(await server.hasObject(key)).toBe(false);
  });

  it("reports a missing bucket as such, not as a missing file", async () => {
    const storage = createS3Storage({ ...server.config, bucket: "no-such-bucket" });
    const failure = storage.read(newKey());
    await expect(failure).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(failure).rejects.not.toBeInstanceOf(StoredFileNotFoundError);
  });
});
