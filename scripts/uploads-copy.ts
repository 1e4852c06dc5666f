import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigurationError, readConfig, type StorageConfig } from "../app/server/config.server";
import { copyImages, openImageStore } from "../app/server/image-store.server";
import { finish } from "./cli";

const USAGE = "Usage: npm run uploads:copy -- --from local|s3 --to local|s3";
const backend = z.enum(["local", "s3"], "--from and --to must each be local or s3");
const argumentsSchema = z
  .object({ from: backend, to: backend })
  .refine((chosen) => chosen.from !== chosen.to, "--from and --to must name different backends");

/**
 * `npm run uploads:copy -- --from local --to s3`: copies every stored image from one backend to the other
 * (decision 060). What the target already has is skipped, so it can be run again, and resumes after an
 * interruption. It opens no database: the shop may keep running meanwhile.
 */
async function main(args: string[]) {
  const { values } = parseArgs({ args, options: { from: { type: "string" }, to: { type: "string" } } });
  const chosen = argumentsSchema.safeParse(values);
  if (!chosen.success) throw new ConfigurationError(`${chosen.error.issues[0]?.message}. ${USAGE}`);
  const config = readConfig();
  const storage = (kind: "local" | "s3"): StorageConfig => {
    if (kind === "local") return { kind, dir: config.uploadsDir };
    if (config.storage.kind !== "s3") throw new ConfigurationError("S3_BUCKET: copying to or from object storage needs the S3_* settings.");
    return config.storage;
  };
  const from = openImageStore(storage(chosen.data.from));
  const to = openImageStore(storage(chosen.data.to));
  const count = await copyImages(from, to);
  console.log(`Copied ${count.copied} images from ${from.description} to ${to.description}; ${count.alreadyThere} were already there.`);
}

finish(main(process.argv.slice(2)));
