import { describe, expect, test } from "vitest";
import { CATALOGUE_FILE_TOO_LARGE_MESSAGE, CATALOGUE_IMPORT_MAX_BYTES } from "./catalogue-import/file";
import { FORM_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, requestBodyLimit } from "./request-bodies";

const MB = 1024 * 1024;

describe("requestBodyLimit", () => {
  test.each([
    "/track",
    "/track.data",
    "/checkout",
    "/checkout.data",
    "/newsletter",
    "/admin/login",
    "/admin/products/new",
    "/admin/products/import/abc123",
    "/admin/products/import/abc123.data",
    "/admin/settings",
    "/hooks/daraja/secret/confirmation",
    "/admin/upload/more",
    "/admin/uploads",
    "/ADMIN/UPLOAD",
    "/x/admin/upload",
    "/",
  ])("%s takes a form of at most 1 MB, read whole before its route", (pathname) => {
    expect(requestBodyLimit(pathname)).toEqual({ maxBytes: MB, kind: "form", refusal: "A form sent to the shop may be at most 1 MB." });
    expect(FORM_MAX_BYTES).toBe(MB);
  });

  test.each(["/admin/upload", "/admin/upload/", "/admin/upload.data"])(
    "%s streams an image to its route, past the route's own 10 MB",
    (pathname) => {
      const limit = requestBodyLimit(pathname);
      expect(limit).toMatchObject({ kind: "file", refusal: "An image may be at most 10 MB." });
      expect(IMAGE_UPLOAD_MAX_BYTES).toBe(10 * MB);
      // The route refuses past 10 MB and 64 KB of form in its own words; the edge only cuts what it does not read.
      expect(limit.maxBytes).toBeGreaterThan(IMAGE_UPLOAD_MAX_BYTES + 64 * 1024);
      expect(limit.maxBytes).toBeLessThanOrEqual(12 * MB);
    },
  );

  test.each(["/admin/products/import", "/admin/products/import/", "/admin/products/import.data"])(
    "%s streams a catalogue file to its route, past the route's own 20 MB",
    (pathname) => {
      const limit = requestBodyLimit(pathname);
      expect(limit).toMatchObject({ kind: "file", refusal: CATALOGUE_FILE_TOO_LARGE_MESSAGE });
      expect(limit.maxBytes).toBeGreaterThan(CATALOGUE_IMPORT_MAX_BYTES + 64 * 1024);
      expect(limit.maxBytes).toBeLessThanOrEqual(22 * MB);
    },
  );
});
