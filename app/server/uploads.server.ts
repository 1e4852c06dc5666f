import { createHash, randomBytes } from "node:crypto";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { UPLOAD_WIDTHS } from "~/domain/images";
import { config } from "./config.server";

/** The widest copy we keep; larger originals are scaled down, smaller ones never enlarged. */
const FULL_WIDTH = 1600;
const WEBP = { quality: 74, effort: 4 } as const;
/** Uploads larger than this are refused before sharp reads them. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes via a temporary name so a reader (or a crash) never sees half a file. */
async function writeAtomically(file: string, data: Buffer) {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/**
 * Stores an image as WebP in several widths and returns its URL (`/uploads/{key}.webp`). The key is the
 * content's hash, so the same picture uploaded twice is stored once and its files can be cached forever (decision 020).
 */
export async function saveImage(original: Buffer): Promise<string> {
  if (original.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejectedError("The image is larger than 10 MB.");
  const key = createHash("sha256").update(original).digest("hex").slice(0, 20);
  const dir = config().uploadsDir;
  const url = `/uploads/${key}.webp`;
  const full = path.join(dir, `${key}.webp`);
  if (await exists(full)) return url;

  let largest: Buffer, variants: Buffer[];
  try {
    const image = sharp(original, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
    await image.metadata();
    const encode = (width: number) => image.clone().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
    // The widths are encoded side by side: libvips spreads them over the cores. A file whose header reads well
    // may still be cut short or damaged, which only decoding finds.
    [largest, ...variants] = await Promise.all([encode(FULL_WIDTH), ...UPLOAD_WIDTHS.map(encode)]);
  } catch {
    throw new ImageRejectedError("The file is not an image we can read.");
  }
  await mkdir(dir, { recursive: true });
  await Promise.all(variants.map((variant, i) => writeAtomically(path.join(dir, `${key}-${UPLOAD_WIDTHS[i]}.webp`), variant)));
  // The plain name is written last: its presence means every width exists.
  await writeAtomically(full, largest);
  return url;
}
