import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, mkdir, readdir, rename, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import { isStoredImageName } from "~/domain/stored-images";
import { config, type StorageConfig } from "./config.server";
import { log } from "./log.server";

/** Every stored image is named by its content's hash, so it never changes and may be cached for good (decision 020). */
const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";
const IMAGE_TYPE = "image/webp";

/** One stored image as read: its bytes as a stream, with what a browser needs to cache it. */
type ImageRead =
  | { kind: "found"; body: Readable; contentLength: number; etag: string }
  | { kind: "not-modified"; etag: string }
  | { kind: "missing" };

/**
 * Where the shop keeps its uploaded images (decision 060): the uploads folder or an S3-compatible bucket. Only
 * the shop's own image names (isStoredImageName) are written, read or listed; a name is a content hash, so
 * writing it again writes the same picture.
 */
export type ImageStore = {
  /** "the uploads folder /srv/duka/uploads" or "the bucket duka-images", for messages. */
  readonly description: string;
  /** The local folder, where the store is one: what it holds anyone can download. */
  readonly folder: string | undefined;
  write(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  /** The image, or "not-modified" when `ifNoneMatch` names its ETag. */
  read(name: string, ifNoneMatch?: string): Promise<ImageRead>;
  /** Every stored image's name, in no particular order. */
  list(): Promise<string[]>;
};

function ownName(name: string) {
  if (!isStoredImageName(name)) throw new Error(`${name} is not a stored image name.`);
}

/** Whether an If-None-Match header names `etag` (weak or strong, one of a list, or *). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(",").some((tag) => ["*", etag].includes(tag.trim().replace(/^W\//, "")));

function localStore(dir: string): ImageStore {
  const file = (name: string) => path.join(dir, name);
  // A link is not one of the shop's files, even under an image's name (as in the listing).
  const details = (name: string) => lstat(file(name)).then((s) => (s.isFile() ? s : undefined), () => undefined);
  return {
    description: `the uploads folder ${dir}`,
    folder: dir,
    async write(name, data) {
      ownName(name);
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so a reader (or a crash) never sees half a file.
      const temporary = `${file(name)}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file(name));
    },
    async has(name) {
      return isStoredImageName(name) && (await details(name)) !== undefined;
    },
    async read(name, ifNoneMatch) {
      const found = isStoredImageName(name) ? await details(name) : undefined;
      if (!found) return { kind: "missing" };
      const etag = `"${found.size.toString(16)}-${Math.trunc(found.mtimeMs).toString(16)}"`;
      if (matches(ifNoneMatch, etag)) return { kind: "not-modified", etag };
      return { kind: "found", body: createReadStream(file(name)), contentLength: found.size, etag };
    },
    async list() {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      return entries.filter((entry) => entry.isFile() && isStoredImageName(entry.name)).map((entry) => entry.name);
    },
  };
}

/** S3 answers a missing object with 404 (NoSuchKey, NotFound); and with 304 to a matching If-None-Match. */
const statusOf = (error: unknown) => (error as Partial<S3.S3ServiceException> | undefined)?.$metadata?.httpStatusCode;

function s3Store(storage: Extract<StorageConfig, { kind: "s3" }>): ImageStore {
  // The SDK is loaded by a shop that uses a bucket only: it would cost every other shop about 24 MB of memory.
  let connection: Promise<{ s3: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: storage.region,
        endpoint: storage.endpoint,
        forcePathStyle: storage.forcePathStyle,
        credentials: storage.credentials,
        // Checksums only where S3 requires them: many S3-compatible stores (and s3rver) refuse the SDK's default ones.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = storage.bucket;
  return {
    description: `the bucket ${Bucket}`,
    folder: undefined,
    async write(name, data) {
      ownName(name);
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: IMAGE_TYPE, CacheControl: IMAGE_CACHE_CONTROL }));
    },
    async has(name) {
      if (!isStoredImageName(name)) return false;
      const { s3, client } = await connect();
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    async read(name, ifNoneMatch) {
      if (!isStoredImageName(name)) return { kind: "missing" };
      const { s3, client } = await connect();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: name, IfNoneMatch: ifNoneMatch }));
        return { kind: "found", body: object.Body as Readable, contentLength: object.ContentLength ?? 0, etag: object.ETag ?? "" };
      } catch (error) {
        if (statusOf(error) === 304) return { kind: "not-modified", etag: ifNoneMatch ?? "" };
        if (statusOf(error) === 404) return { kind: "missing" };
        throw error;
      }
    },
    async list() {
      const { s3, client } = await connect();
      const names: string[] = [];
      for await (const page of s3.paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key && isStoredImageName(object.Key)) names.push(object.Key);
      }
      return names;
    },
  };
}

/** A store for the given storage settings. */
export function openImageStore(storage: StorageConfig): ImageStore {
  return storage.kind === "s3" ? s3Store(storage) : localStore(storage.dir);
}

let configured: ImageStore | undefined;
/** The store the shop is configured with (S3_BUCKET set: the bucket; otherwise the uploads folder). */
export function imageStore(): ImageStore {
  configured ??= openImageStore(config().storage);
  return configured;
}

/**
 * Answers GET or HEAD /uploads/{name} from the store: the image with its type, length, ETag and a year's
 * immutable caching, 304 when the browser has it, 404 for anything but a stored image's name. A store that
 * cannot be reached is a 503, never a 500. server.ts reaches it through the build's entry module (decision 001).
 */
export async function serveUpload(name: string, request: IncomingMessage, response: ServerResponse, store = imageStore()) {
  const text = (status: number, body: string) => {
    response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(body);
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    return text(405, "Method not allowed.");
  }
  let image: ImageRead;
  try {
    image = await store.read(name, request.headers["if-none-match"]);
  } catch (error) {
    log().error({ err: error }, `Reading ${name} from ${store.description} failed.`);
    return text(503, "The image cannot be read just now.");
  }
  if (image.kind === "missing") return text(404, "Not found.");
  const headers = { "Cache-Control": IMAGE_CACHE_CONTROL, ETag: image.etag };
  if (image.kind === "not-modified") return void response.writeHead(304, headers).end();
  response.writeHead(200, { ...headers, "Content-Type": IMAGE_TYPE, "Content-Length": image.contentLength });
  if (request.method === "HEAD") {
    image.body.destroy();
    return void response.end();
  }
  // A browser that goes away mid-image ends the pipeline; there is nothing left to answer.
  await pipeline(image.body, response).catch(() => response.destroy());
}

/** What uploads:copy did: images copied, and images the target already had. */
export type CopyCount = { copied: number; alreadyThere: number };

/**
 * Copies every stored image `from` one store `to` another, skipping what the target already has, so it can be
 * run again after an interruption. Widths go first and plain names last, as saveImage writes them: a plain name
 * in the target means its widths are there too.
 */
export async function copyImages(from: ImageStore, to: ImageStore): Promise<CopyCount> {
  const present = new Set(await to.list());
  const plainLast = (name: string) => (name.includes("-") ? 0 : 1);
  const names = (await from.list()).sort((a, b) => plainLast(a) - plainLast(b));
  const count: CopyCount = { copied: 0, alreadyThere: 0 };
  for (const name of names) {
    if (present.has(name)) {
      count.alreadyThere += 1;
      continue;
    }
    const image = await from.read(name);
    // Gone since the listing (the source is in use): nothing to copy.
    if (image.kind !== "found") continue;
    await to.write(name, await readAll(image.body));
    count.copied += 1;
  }
  return count;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
