import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { projectRoot } from "../app/server/config.server";
import { openImageStore } from "../app/server/image-store.server";
import { saveImage } from "../app/server/uploads.server";
import { givenBucket, s3Environment } from "../tests/setup/s3-bucket";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

/** Runs `npm run uploads:copy -- …` as a user would, in a separate process. */
async function uploadsCopy(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/uploads-copy.ts", ...args], {
      cwd: root,
      env: { ...process.env, S3_BUCKET: "", S3_REGION: "", S3_ENDPOINT: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "", S3_FORCE_PATH_STYLE: "", ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test("uploads:copy moves the shop's images from the uploads folder into a bucket, and a second run copies nothing", async () => {
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), "duka-uploads-copy-"));
  await saveImage(await readFile(path.join(projectRoot(), "seed", "images", "kanga-head-wrap-1.webp")), openImageStore({ kind: "local", dir: uploadsDir }));
  writeFileSync(path.join(uploadsDir, "notes.txt"), "not an image of the shop's");
  const storage = await givenBucket();
  const env = { UPLOADS_DIR: uploadsDir, ...s3Environment(storage.bucket) };

  const first = await uploadsCopy(["--from", "local", "--to", "s3"], env);
  expect(first).toMatchObject({
    code: 0,
    stdout: `Copied 5 images from the uploads folder ${uploadsDir} to the bucket ${storage.bucket}; 0 were already there.\n`,
  });
  expect((await openImageStore(storage).list()).length).toBe(5);
  const again = await uploadsCopy(["--from", "local", "--to", "s3"], env);
  expect(again.stdout).toBe(`Copied 0 images from the uploads folder ${uploadsDir} to the bucket ${storage.bucket}; 5 were already there.\n`);
}, 60_000);

test("uploads:copy explains a wrong call in one sentence", async () => {
  const same = await uploadsCopy(["--from", "s3", "--to", "s3"], {});
  expect(same).toMatchObject({ code: 1, stderr: expect.stringContaining("--from and --to must name different backends. Usage: npm run uploads:copy -- --from local|s3 --to local|s3") });
  const unknown = await uploadsCopy(["--from", "disk", "--to", "s3"], {});
  expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining("--from and --to must each be local or s3. Usage: npm run uploads:copy -- --from local|s3 --to local|s3") });
  const unconfigured = await uploadsCopy(["--from", "local", "--to", "s3"], {});
  expect(unconfigured).toMatchObject({ code: 1, stderr: expect.stringContaining("S3_BUCKET: copying to or from object storage needs the S3_* settings.") });
}, 60_000);
