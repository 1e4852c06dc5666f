import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isPublicAddress } from "~/domain/network-address";
import { config, projectRoot } from "./config.server";
import { fetchImageIntoUploads, type ImageFetchOptions } from "./image-fetch.server";

// The catalogue import's image fetcher (issue 13): never a private address, however a URL gets there. Nothing
// here reaches the internet: pictures come from a server of the test's own on 127.0.0.1, which the real rule
// refuses, so the tests that fetch allow that one address through the fetcher's parameter.

const PICTURE = readFileSync(path.join(projectRoot(), "tests", "e2e", "fixtures", "terracotta.png"));
let server: Server;
let origin = "";
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(url.pathname);
    const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
    if (url.pathname === "/terracotta.png") response.writeHead(200, { "Content-Type": "image/png" }).end(PICTURE);
    else if (url.pathname === "/redirect") response.writeHead(302, { Location: url.searchParams.get("to")! }).end();
    else if (hops) response.writeHead(301, { Location: Number(hops[1]) > 1 ? `/hops/${Number(hops[1]) - 1}` : "/terracotta.png" }).end();
    else if (url.pathname === "/page.html") response.writeHead(200, { "Content-Type": "text/html" }).end("<html>Not a picture</html>");
    else if (url.pathname === "/huge.png") {
      // 11 MB sent without a Content-Length, so only counting what arrives can stop it.
      response.writeHead(200, { "Content-Type": "image/png" });
      for (let i = 0; i < 11; i++) response.write(Buffer.alloc(1024 * 1024));
      response.end();
    } else if (url.pathname === "/slow.png") request.on("close", () => response.destroy());
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The real rule, plus this test's own server. */
const TEST_SERVER: ImageFetchOptions = { allowAddress: (address) => address === "127.0.0.1" || isPublicAddress(address) };
const failureOf = async (url: string, options?: ImageFetchOptions) => {
  const result = await fetchImageIntoUploads(url, options);
  return result.ok ? "fetched" : result.failure;
};

test("a picture on an allowed server lands in the uploads, stored as any upload is", async () => {
  const result = await fetchImageIntoUploads(`${origin}/terracotta.png`, TEST_SERVER);
  expect(result).toEqual({ ok: true, url: expect.stringMatching(/^\/uploads\/[a-z0-9]+\.webp$/) });
  const key = result.ok ? result.url.slice("/uploads/".length, -".webp".length) : "";
  expect(readFileSync(path.join(config().uploadsDir, `${key}-640.webp`)).byteLength).toBeGreaterThan(0);
});

describe("private addresses are refused before any connection is made", () => {
  test.each([
    ["loopback", () => `${origin}/terracotta.png`],
    ["a private network", () => "http://10.0.0.1/a.jpg"],
    ["the cloud metadata service", () => "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 loopback", () => `http://[::1]:${new URL(origin).port}/terracotta.png`],
    ["IPv4 loopback written as IPv6", () => `http://[::ffff:127.0.0.1]:${new URL(origin).port}/terracotta.png`],
    ["localhost", () => `http://localhost:${new URL(origin).port}/terracotta.png`],
  ])("%s", async (_what, url) => {
    const before = requests.length;
    expect(await failureOf(url())).toEqual({ kind: "private-address" });
    expect(requests.length).toBe(before);
  });

  test("a name that resolves to a loopback address", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await failureOf(`http://images.duka.test:${new URL(origin).port}/terracotta.png`, { resolve })).toEqual({ kind: "private-address" });
  });

  test("a name with one private address among public ones", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    expect(await failureOf("http://mixed.duka.test/a.jpg", { resolve })).toEqual({ kind: "private-address" });
  });

  test.each([
    ["a private network", () => "http://10.0.0.1/a.jpg"],
    ["IPv6 loopback", () => `http://[::1]:${new URL(origin).port}/terracotta.png`],
    ["localhost", () => `http://localhost:${new URL(origin).port}/terracotta.png`],
  ])("a redirect from an allowed server to %s", async (_what, target) => {
    const before = requests.length;
    expect(await failureOf(`${origin}/redirect?to=${encodeURIComponent(target())}`, TEST_SERVER)).toEqual({ kind: "private-address" });
    expect(requests.slice(before)).toEqual(["/redirect"]);
  });
});

test("the connection goes to the address that was checked, not to a second answer for the name", async () => {
  // The name exists nowhere but in this resolver: fetching through it proves the checked address is the one used.
  const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
  const result = await fetchImageIntoUploads(`http://pictures.duka.test:${new URL(origin).port}/terracotta.png`, { ...TEST_SERVER, resolve });
  expect(result.ok).toBe(true);
});

test("redirects are followed three times, not four", async () => {
  expect((await fetchImageIntoUploads(`${origin}/hops/3`, TEST_SERVER)).ok).toBe(true);
  expect(await failureOf(`${origin}/hops/4`, TEST_SERVER)).toEqual({ kind: "too-many-redirects", most: 3 });
});

test("a redirect away from the web is refused", async () => {
  expect(await failureOf(`${origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`, TEST_SERVER)).toEqual({ kind: "not-web-address" });
});

test("what is not a picture, too large, missing or too slow is refused with its reason", async () => {
  expect(await failureOf(`${origin}/page.html`, TEST_SERVER)).toEqual({ kind: "not-an-image" });
  expect(await failureOf(`${origin}/huge.png`, TEST_SERVER)).toEqual({ kind: "too-large", megabytes: 10 });
  expect(await failureOf(`${origin}/missing.png`, TEST_SERVER)).toEqual({ kind: "answered", status: 404 });
  expect(await failureOf(`${origin}/slow.png`, { ...TEST_SERVER, timeoutMs: 300 })).toEqual({ kind: "timed-out", seconds: 0.3 });
  const unknownName = async () => {
    throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
  };
  expect(await failureOf("http://gone.duka.test/a.jpg", { resolve: unknownName })).toEqual({ kind: "host-not-found" });
});
