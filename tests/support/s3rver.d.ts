// s3rver ships no types; this covers what tests/support/s3-server.ts uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly store: { existsObject(bucket: string, key: string): Promise<boolean> };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
