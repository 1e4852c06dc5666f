import { randomBytes } from "node:crypto";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { inject } from "vitest";
import type { StorageConfig } from "../../app/server/config.server";

/** s3rver's own key pair: it checks signatures against it. */
const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** The S3_* variables that point the shop at `bucket` on the run's s3rver. */
export function s3Environment(bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: inject("s3Endpoint"),
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** A new, empty bucket on the run's s3rver, and the storage settings that reach it. */
export async function givenBucket(): Promise<Extract<StorageConfig, { kind: "s3" }>> {
  const bucket = `duka-test-${randomBytes(6).toString("hex")}`;
  const storage = {
    kind: "s3" as const,
    bucket,
    region: "us-east-1",
    endpoint: inject("s3Endpoint"),
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new S3Client({ ...storage, requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return storage;
}
