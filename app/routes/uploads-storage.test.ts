import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openImageStore } from "~/server/image-store.server";
import { givenBucket, s3Environment } from "../../tests/setup/s3-bucket";
import { removeDataDir, type ShopServer, startShop } from "../../tests/e2e/support/shop-server";

// Issue 26 (decision 060) against the built shop as `npm start` serves it, its images in a bucket of a real S3
// (s3rver): the sample shop is written there, /uploads streams from it, and UPLOADS_PUBLIC_URL moves the pages'
// image addresses. Run `npm run build` first; a shop whose sources changed since rebuilds itself on start.

const START_MS = 300_000;
const CDN = "https://images.example.com/duka";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The addresses of the home page's product pictures (src and srcset). */
async function imageAddresses(baseURL: string): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/`)).text();
  return [...html.matchAll(/<img [^>]*?src="([^"]+)"(?: [^>]*?srcSet="([^"]+)")?/gi)].flatMap((match) => [
    match[1]!,
    ...(match[2] ?? "").split(", ").filter(Boolean).map((candidate) => candidate.split(" ")[0]!),
  ]);
}

describe("a shop whose images are in an S3 bucket", () => {
  let bucket: Awaited<ReturnType<typeof givenBucket>>;
  let shop: ShopServer;
  let dataDir: string;

  beforeAll(async () => {
    bucket = await givenBucket();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-s3-shop-"));
    shop = await startShop({ dataDir, env: { ...s3Environment(bucket.bucket), PUBLIC_URL: "", UPLOADS_DIR: path.join(dataDir, "uploads") } });
  }, START_MS);

  afterAll(async () => {
    await shop?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  test("writes the sample shop's images into the bucket, not the uploads folder, and serves them at /uploads", async () => {
    const names = await openImageStore(bucket).list();
    expect(names.length).toBeGreaterThanOrEqual(5);
    const uploads = path.join(dataDir, "uploads");
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);

    const addresses = (await imageAddresses(shop.baseURL)).filter((address) => address.startsWith("/uploads/"));
    expect(addresses.length).toBeGreaterThan(0);
    const served = await fetch(`${shop.baseURL}${addresses[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(Number(served.headers.get("content-length"))).toBe((await served.arrayBuffer()).byteLength);

    const again = await fetch(`${shop.baseURL}${addresses[0]}`, { headers: { "If-None-Match": served.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("answers 404 for any name but a stored image's, whatever the bucket holds", async () => {
    for (const target of ["/uploads/notours.txt", `/uploads/${"e".repeat(20)}.webp`, "/uploads/%2e%2e/package.json", "/uploads/"]) {
      const answer = await fetch(`${shop.baseURL}${target}`);
      expect([target, answer.status]).toEqual([target, 404]);
    }
  });

  describe("with UPLOADS_PUBLIC_URL", () => {
    let cdnShop: ShopServer;
    let cdnDataDir: string;

    beforeAll(async () => {
      cdnDataDir = mkdtempSync(path.join(os.tmpdir(), "duka-s3-shop-"));
      cdnShop = await startShop({ dataDir: cdnDataDir, env: { ...s3Environment(bucket.bucket), PUBLIC_URL: "", UPLOADS_PUBLIC_URL: `${CDN}/` } });
    }, START_MS);

    afterAll(async () => {
      await cdnShop?.stop();
      if (cdnDataDir) removeDataDir(cdnDataDir);
    });

    test("the pages fetch every upload from the public address, which they name for the browser; /uploads still serves old links", async () => {
      const addresses = await imageAddresses(cdnShop.baseURL);
      expect(addresses.filter((address) => address.startsWith(`${CDN}/`)).length).toBeGreaterThan(0);
      expect(addresses.filter((address) => address.startsWith("/uploads/"))).toEqual([]);
      const html = await (await fetch(`${cdnShop.baseURL}/`)).text();
      expect(html).toContain(`<meta name="duka-uploads" content="${CDN}"/>`);

      const name = addresses.find((address) => address.startsWith(`${CDN}/`))!.slice(CDN.length);
      expect((await fetch(`${cdnShop.baseURL}/uploads${name}`)).status).toBe(200);
    });
  });
});
