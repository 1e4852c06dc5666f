import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A real S3 implementation (s3rver) on loopback, started once for the run; each test file makes its own bucket. */
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "duka-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = (await server.run()) as AddressInfo;
  project.provide("s3Endpoint", `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
}
