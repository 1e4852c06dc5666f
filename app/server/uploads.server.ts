import { createHash } from "node:crypto";
import type Sharp from "sharp";
import { UPLOAD_WIDTHS, uploadImageUrl } from "~/domain/images";
import { type ImageStore, imageStore } from "./image-store.server";

/** The widest copy we keep; larger originals are scaled down, smaller ones never enlarged. */
const FULL_WIDTH = 1600;
const WEBP = { quality: 74, effort: 4 } as const;
/** Uploads larger than this are refused before sharp reads them. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

let loadingSharp: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) is loaded with the first image rather than at start, and keeps no cache of operations: each
 * upload is a new picture, and the cache's 50 MB would stay resident in a process that may run on a 1 GB server
 * (issue 26, decision 065).
 */
function loadSharp(): Promise<typeof Sharp> {
  loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

/**
 * Stores an image as WebP in several widths and returns its URL (`/uploads/{key}.webp`). The key is the
 * content's hash, so the same picture uploaded twice is stored once and its files can be cached forever (decision 020).
 */
export async function saveImage(original: Buffer, store: ImageStore = imageStore()): Promise<string> {
  if (original.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejectedError("The image is larger than 10 MB.");
  const key = createHash("sha256").update(original).digest("hex").slice(0, 20);
  const url = uploadImageUrl(key);
  if (await store.has(`${key}.webp`)) return url;

  const sharp = await loadSharp();
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
  await Promise.all(variants.map((variant, i) => store.write(`${key}-${UPLOAD_WIDTHS[i]}.webp`, variant)));
  // The plain name is written last: its presence means every width exists.
  await store.write(`${key}.webp`, largest);
  return url;
}
