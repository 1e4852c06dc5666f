import { describe, expect, test } from "vitest";
import { INVALID_URLS_MESSAGE, isStorableImageUrl, parseImageUrlList } from "./image-list";

const DRIVE_ID = "1AbC-dEf_123xyz";

describe("isStorableImageUrl", () => {
  test.each(["https://example.com/a.jpg", "http://example.com/a.jpg", "/uploads/abc-123.webp"])(
    "%j can be stored",
    (url) => {
      expect(isStorableImageUrl(url)).toBe(true);
    },
  );

  test.each([
    "",
    "example.com/a.jpg",
    "ftp://example.com/a.jpg",
    "javascript:alert(1)",
    "/images/x.png",
    "/uploads/x.jpg",
  ])("%j cannot", (url) => {
    expect(isStorableImageUrl(url)).toBe(false);
  });
});

describe("parseImageUrlList", () => {
  test("reads one URL per line, trimmed", () => {
    expect(parseImageUrlList("https://example.com/a.jpg\n  https://example.com/b.jpg  \n/uploads/c.webp")).toEqual({
      urls: ["https://example.com/a.jpg", "https://example.com/b.jpg", "/uploads/c.webp"],
      skipped: 0,
    });
  });

  test("ignores blank lines and Windows line endings", () => {
    expect(parseImageUrlList("\r\nhttps://example.com/a.jpg\r\n\r\n   \r\nhttps://example.com/b.jpg\r\n")).toEqual({
      urls: ["https://example.com/a.jpg", "https://example.com/b.jpg"],
      skipped: 0,
    });
  });

  test("skips invalid lines and counts them", () => {
    const text = ["https://example.com/a.jpg", "not a url", "javascript:alert(1)", "www.example.com/b.jpg"].join("\n");
    expect(parseImageUrlList(text)).toEqual({ urls: ["https://example.com/a.jpg"], skipped: 3 });
  });

  test("keeps a repeated URL once, without calling it invalid", () => {
    expect(parseImageUrlList("https://example.com/a.jpg\nhttps://example.com/a.jpg")).toEqual({
      urls: ["https://example.com/a.jpg"],
      skipped: 0,
    });
  });

  test("keeps shared-drive links as pasted; they become thumbnails when shown", () => {
    const link = `https://drive.google.com/file/d/${DRIVE_ID}/view?usp=sharing`;
    expect(parseImageUrlList(link).urls).toEqual([link]);
  });

  test.each(["", "   ", "\n\n"])("an empty box (%j) gives no URLs and skips nothing", (text) => {
    expect(parseImageUrlList(text)).toEqual({ urls: [], skipped: 0 });
  });

  test("the skipped message is the spec's wording", () => {
    expect(INVALID_URLS_MESSAGE).toBe("Some URLs were invalid and have been skipped.");
  });
});
