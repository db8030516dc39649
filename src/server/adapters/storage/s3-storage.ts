import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertStorageKey, StoredFileNotFoundError, type FileStorage } from "./file-storage";

export interface S3StorageConfig {
  /** Omitted for AWS itself; the service's URL for MinIO, R2, Ceph and the like. */
  endpoint?: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Omitted: the SDK's default chain (instance or task role, shared config). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Originals as objects in one bucket, under the same keys the local disk uses as paths. */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default CRC checksum headers are refused by several S3-compatible services
    // (aws-sdk-js-v3#6810); uploads stay verified by the signed SHA-256 of the payload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const bucket = config.bucket;

  /** In Node the SDK answers the body as the HTTP response itself, a Readable. */
  async function getObject(key: string) {
    assertStorageKey(key);
    let body;
    try {
      body = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body;
    } catch (error) {
      if (error instanceof NoSuchKey) throw new StoredFileNotFoundError(key, { cause: error });
      throw error;
    }
    if (!(body instanceof Readable)) throw new Error(`The object store answered ${key} without a readable body.`);
    return body;
  }

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async putFile(key, file, contentType) {
      assertStorageKey(key);
      // Streamed with its length: S3 needs the length up front, and the file is never in memory whole.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file.path), ContentType: contentType, ContentLength: file.size }),
      );
    },
    read: async (key) => (await getObject(key)).transformToByteArray(),
    stream: getObject,
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
