import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../../src/server/adapters/storage/s3-storage";

/** s3rver's built-in account: it checks every request's signature against this pair. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

/**
 * A real S3-compatible server (s3rver) on a loopback port with one empty bucket, standing in for
 * AWS S3, MinIO or R2. Objects live in a temporary folder removed by close().
 */
export async function startS3Server(bucket = "clausewise-test") {
  const directory = await mkdtemp(path.join(os.tmpdir(), "clausewise-s3-"));
  const serverOn = (port: number) => new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = serverOn(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    /** For createS3Storage. */
    config: {
      endpoint,
      bucket,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    } satisfies S3StorageConfig,
    /** The same settings as environment variables, for the whole app. */
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    hasObject: (key: string) => server.store.existsObject(bucket, key),
    /** An outage: the server stops answering until `restart`, which brings it back with the same objects. */
    async stop() {
      await server.close();
    },
    async restart() {
      server = serverOn(port);
      await server.run();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
