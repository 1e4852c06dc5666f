import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UPLOAD_WIDTHS } from "~/domain/images";
import { givenBucket } from "../../tests/setup/s3-bucket";
import type { StorageConfig } from "./config.server";
import { projectRoot } from "./config.server";
import { copyImages, type ImageStore, openImageStore, serveUpload } from "./image-store.server";
import { saveImage } from "./uploads.server";

const KEY = "0123456789abcdef0123";
const PLAIN = `${KEY}.webp`;
const WIDTH = `${KEY}-320.webp`;
const picture = () => readFile(path.join(projectRoot(), "seed", "images", "kanga-head-wrap-1.webp"));
const localFolder = () => mkdtempSync(path.join(os.tmpdir(), "duka-store-"));
const IMMUTABLE = "public, max-age=31536000, immutable";

async function bytesOf(store: ImageStore, name: string) {
  const image = await store.read(name);
  if (image.kind !== "found") return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of image.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Serves /uploads/* from `store` as server.ts does, on a free loopback port. */
async function serving(store: ImageStore): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname.replace(/^\/uploads\//, ""));
    void serveUpload(name, request, response, store);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Puts a file of another kind where the store keeps images, as a careless operator or another tool might. */
async function putStray(storage: StorageConfig, name: string) {
  if (storage.kind === "local") {
    mkdirSync(storage.dir, { recursive: true });
    writeFileSync(path.join(storage.dir, name), "<script>alert(1)</script>");
    return;
  }
  const client = new S3Client({ ...storage, requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" });
  await client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: name, Body: "<script>alert(1)</script>", ContentType: "text/html" }));
  client.destroy();
}

const backends: [string, () => Promise<StorageConfig>][] = [
  ["the uploads folder", async () => ({ kind: "local", dir: localFolder() })],
  ["an S3 bucket", givenBucket],
];

describe.each(backends)("%s", (_name, given) => {
  let storage: StorageConfig;
  let store: ImageStore;
  let origin: string;
  let server: Server;
  beforeAll(async () => {
    storage = await given();
    store = openImageStore(storage);
    ({ origin, server } = await serving(store));
  });
  afterAll(() => server.close());

  test("an image written is read back, and served with its type, length, ETag and a year's immutable caching", async () => {
    const data = await picture();
    await store.write(PLAIN, data);
    expect(await bytesOf(store, PLAIN)).toEqual(data);

    const answer = await fetch(`${origin}/uploads/${PLAIN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(answer.headers.get("content-length")).toBe(String(data.byteLength));
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(data);

    const etag = answer.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetch(`${origin}/uploads/${PLAIN}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(IMMUTABLE);

    const head = await fetch(`${origin}/uploads/${PLAIN}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, String(data.byteLength), ""]);
  });

  test("whether an image exists, and only under the shop's own names", async () => {
    await store.write(WIDTH, Buffer.from("a width"));
    expect(await store.has(WIDTH)).toBe(true);
    expect(await store.has(`${"f".repeat(20)}.webp`)).toBe(false);
    expect(await store.has("../package.json")).toBe(false);
    await expect(store.write("index.html", Buffer.from("<script>"))).rejects.toThrow("index.html is not a stored image name.");
  });

  test("the listing holds the shop's images and nothing else kept beside them", async () => {
    await store.write(PLAIN, await picture());
    await store.write(WIDTH, Buffer.from("a width"));
    await putStray(storage, "index.html");
    await putStray(storage, `${KEY}.webp.1a2b3c.tmp`);
    expect((await store.list()).sort()).toEqual([WIDTH, PLAIN].sort());
  });

  test("writing an image again leaves one copy of the same picture", async () => {
    const name = `${"a".repeat(20)}-640.webp`;
    await store.write(name, Buffer.from("the same picture"));
    await store.write(name, Buffer.from("the same picture"));
    expect(await bytesOf(store, name)).toEqual(Buffer.from("the same picture"));
    expect((await store.list()).filter((listed) => listed === name)).toEqual([name]);
  });

  test("a missing image, or any other name, is not found (never a 500), and nothing but GET or HEAD is answered", async () => {
    expect(await store.read(`${"e".repeat(20)}.webp`)).toEqual({ kind: "missing" });
    await putStray(storage, "index.html");
    for (const target of [`${"e".repeat(20)}.webp`, "index.html", "..%2Fpackage.json", "", `${KEY}.png`]) {
      const answer = await fetch(`${origin}/uploads/${target}`);
      expect([target, answer.status, await answer.text()]).toEqual([target, 404, "Not found."]);
    }
    const post = await fetch(`${origin}/uploads/${PLAIN}`, { method: "POST", body: "x" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });

  test("saveImage writes every width and the plain name, once", async () => {
    const url = await saveImage(await picture(), store);
    const key = /^\/uploads\/([0-9a-f]{20})\.webp$/.exec(url)![1]!;
    const names = [`${key}.webp`, ...UPLOAD_WIDTHS.map((width) => `${key}-${width}.webp`)];
    expect((await store.list()).filter((name) => name.startsWith(key)).sort()).toEqual(names.sort());
    expect(await saveImage(await picture(), store)).toBe(url);
    const served = await fetch(`${origin}/uploads/${key}-640.webp`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });
});

test("in a bucket, each image is stored with its type and a year's immutable caching, for a CDN in front of it", async () => {
  const storage = await givenBucket();
  await openImageStore(storage).write(PLAIN, await picture());
  const client = new S3Client({ ...storage, requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" });
  const object = await client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: PLAIN }));
  client.destroy();
  expect({ type: object.ContentType, cache: object.CacheControl }).toEqual({ type: "image/webp", cache: IMMUTABLE });
});

test("a bucket that cannot be reached answers 503, never a 500", async () => {
  const unreachable = openImageStore({ ...(await givenBucket()), endpoint: "http://127.0.0.1:9", region: "us-east-1" });
  const { origin, server } = await serving(unreachable);
  try {
    const answer = await fetch(`${origin}/uploads/${PLAIN}`);
    expect([answer.status, await answer.text()]).toEqual([503, "The image cannot be read just now."]);
  } finally {
    server.close();
  }
});

describe("copying every image between backends", () => {
  test("copies the shop's images, and a second run copies nothing", async () => {
    const local = openImageStore({ kind: "local", dir: localFolder() });
    const bucket = openImageStore(await givenBucket());
    const url = await saveImage(await picture(), local);
    await putStray({ kind: "local", dir: local.folder! }, "notes.txt");

    expect(await copyImages(local, bucket)).toEqual({ copied: 5, alreadyThere: 0 });
    expect((await bucket.list()).sort()).toEqual((await local.list()).sort());
    const plain = url.slice("/uploads/".length);
    expect(await bytesOf(bucket, plain)).toEqual(await bytesOf(local, plain));

    expect(await copyImages(local, bucket)).toEqual({ copied: 0, alreadyThere: 5 });
    // And back, into an empty folder.
    const elsewhere = openImageStore({ kind: "local", dir: localFolder() });
    expect(await copyImages(bucket, elsewhere)).toEqual({ copied: 5, alreadyThere: 0 });
  });

  test("resumes after an interrupted copy, writing the plain names last", async () => {
    const local = openImageStore({ kind: "local", dir: localFolder() });
    const url = await saveImage(await picture(), local);
    const key = url.slice("/uploads/".length, -".webp".length);
    // Interrupted after two widths: the plain name, written last, is not there yet.
    const bucket = openImageStore(await givenBucket());
    for (const width of [320, 640]) await bucket.write(`${key}-${width}.webp`, (await bytesOf(local, `${key}-${width}.webp`))!);

    const written: string[] = [];
    const watched: ImageStore = { ...bucket, write: (name, data) => (written.push(name), bucket.write(name, data)) };
    expect(await copyImages(local, watched)).toEqual({ copied: 3, alreadyThere: 2 });
    expect(new Set(written)).toEqual(new Set([`${key}-960.webp`, `${key}-1280.webp`, `${key}.webp`]));
    expect(written.at(-1)).toBe(`${key}.webp`);
  });
});

test("a link in the uploads folder is not the shop's, even under an image's name", async () => {
  const dir = localFolder();
  symlinkSync("/etc/passwd", path.join(dir, PLAIN));
  const store = openImageStore({ kind: "local", dir });
  expect([await store.has(PLAIN), await store.read(PLAIN), await store.list()]).toEqual([false, { kind: "missing" }, []]);
});
