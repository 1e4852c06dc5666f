import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { ImageFetchFailure } from "~/domain/catalogue-import/cells";
import { isLocalHostName, isPublicAddress } from "~/domain/network-address";
import { ImageRejectedError, MAX_UPLOAD_BYTES, saveImage } from "./uploads.server";

// Images fetched from other sites into the shop's uploads (the catalogue import, issue 13). A URL comes from a
// file anyone could have written, so the fetch must never become a way into the shop's own network: every
// address a name resolves to must be public, redirects are followed by hand and checked again, and the
// connection goes to the very address that was checked (a second DNS answer cannot point it elsewhere). What
// arrives passes the same checks as an upload: saveImage's size limit and its decoding.

const IMAGE_FETCH_TIMEOUT_MS = 10_000;
const MAX_IMAGE_REDIRECTS = 3;

type ResolvedAddress = { address: string; family: number };

export type ImageFetchOptions = {
  /** Which addresses may be connected to: public ones. Tests allow their own server on 127.0.0.1 here. */
  allowAddress?: (address: string) => boolean;
  /** Every address a name resolves to (the system's resolver). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
};

export type FetchedImage = { ok: true; url: string } | { ok: false; failure: ImageFetchFailure };

class FetchFailure extends Error {
  override name = "FetchFailure";
  constructor(readonly failure: ImageFetchFailure) {
    super(failure.kind);
  }
}

const resolveWithSystem = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

/** A promise that gives up when `signal` does (a resolver may take longer than the fetch's time). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * The address a request to `url` connects to, once every address its host stands for has been checked; null
 * when the host is written as an address, which is checked and connected to as it is.
 */
async function checkedAddress(url: URL, options: ImageFetchOptions, signal: AbortSignal): Promise<ResolvedAddress | null> {
  const allow = options.allowAddress ?? isPublicAddress;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (!allow(host)) throw new FetchFailure({ kind: "private-address" });
    return null;
  }
  if (isLocalHostName(host)) throw new FetchFailure({ kind: "private-address" });
  let addresses: ResolvedAddress[];
  try {
    addresses = await untilAborted((options.resolve ?? resolveWithSystem)(host), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new FetchFailure({ kind: "host-not-found" });
  }
  if (addresses.length === 0) throw new FetchFailure({ kind: "host-not-found" });
  // One private address among public ones is enough to refuse: which one a connection would use is not ours to say.
  if (!addresses.every((resolved) => allow(resolved.address))) throw new FetchFailure({ kind: "private-address" });
  return addresses[0]!;
}

type Answer = { kind: "image"; body: Buffer } | { kind: "redirect"; location: string };

/** One GET, connected to `address` (when the host is a name), its body read up to the upload limit. */
function get(url: URL, address: ResolvedAddress | null, signal: AbortSignal): Promise<Answer> {
  const pinned: LookupFunction | undefined =
    address === null
      ? undefined
      : (_hostname, options, callback) => {
          if (options.all) callback(null, [address]);
          else callback(null, address.address, address.family);
        };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).get(
      url,
      // No shared agent: a pooled connection could have been made for another, differently checked address.
      { signal, agent: false, lookup: pinned, headers: { accept: "image/*", "user-agent": "Duka catalogue import" } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          return resolve({ kind: "redirect", location });
        }
        const tooLarge = () => {
          response.destroy();
          reject(new FetchFailure({ kind: "too-large", megabytes: MAX_UPLOAD_BYTES / 1024 / 1024 }));
        };
        if (status !== 200) {
          response.destroy();
          return reject(new FetchFailure({ kind: "answered", status }));
        }
        if (Number(response.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES) return tooLarge();
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > MAX_UPLOAD_BYTES) tooLarge();
          else chunks.push(chunk);
        });
        response.on("end", () => resolve({ kind: "image", body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/** Where a redirect leads; an address that cannot be read is no web address either. */
function nextUrl(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new FetchFailure({ kind: "not-web-address" });
  }
}

/**
 * Fetches an image from the web into the shop's uploads: its `/uploads/….webp` address, or why it could not.
 * Only public addresses are reached (see ImageFetchOptions), redirects at most MAX_IMAGE_REDIRECTS times, all
 * within IMAGE_FETCH_TIMEOUT_MS; what arrives must be an image saveImage reads, of at most MAX_UPLOAD_BYTES.
 */
export async function fetchImageIntoUploads(source: string, options: ImageFetchOptions = {}): Promise<FetchedImage> {
  const timeoutMs = options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let url = new URL(source);
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchFailure({ kind: "not-web-address" });
      const answer = await get(url, await checkedAddress(url, options, signal), signal);
      if (answer.kind === "image") return { ok: true, url: await saveImage(answer.body) };
      if (redirects === MAX_IMAGE_REDIRECTS) throw new FetchFailure({ kind: "too-many-redirects", most: MAX_IMAGE_REDIRECTS });
      url = nextUrl(answer.location, url);
    }
  } catch (error) {
    if (error instanceof FetchFailure) return { ok: false, failure: error.failure };
    if (error instanceof ImageRejectedError) return { ok: false, failure: { kind: "not-an-image" } };
    if (signal.aborted) return { ok: false, failure: { kind: "timed-out", seconds: timeoutMs / 1000 } };
    return { ok: false, failure: { kind: "connection-failed" } };
  }
}
