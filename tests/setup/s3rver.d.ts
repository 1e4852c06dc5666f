// s3rver ships no types; these are the parts the test setup uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory?: string; silent?: boolean });
    run(): Promise<AddressInfo | string>;
    close(): Promise<void>;
  }
}
