import { describe, expect, test } from "vitest";
import {
  driveThumbnail,
  imageSource,
  PLACEHOLDER_IMAGE,
  UPLOAD_WIDTHS,
  uploadImageUrl,
  uploadVariantUrl,
} from "./images";

const DRIVE_ID = "1AbC-dEf_123xyz";
const THUMBNAIL = `https://drive.google.com/thumbnail?id=${DRIVE_ID}&sz=w1200`;

describe("driveThumbnail", () => {
  test.each([
    `https://drive.google.com/file/d/${DRIVE_ID}/view?usp=sharing`,
    `https://drive.google.com/file/d/${DRIVE_ID}/view`,
    `https://drive.google.com/file/d/${DRIVE_ID}/edit`,
    `https://drive.google.com/file/d/${DRIVE_ID}`,
    `https://drive.google.com/open?id=${DRIVE_ID}`,
    `https://drive.google.com/uc?id=${DRIVE_ID}&export=view`,
    `https://drive.google.com/uc?export=download&id=${DRIVE_ID}`,
    `https://drive.google.com/thumbnail?id=${DRIVE_ID}&sz=w400`,
    `  https://drive.google.com/file/d/${DRIVE_ID}/view  `,
  ])("%s becomes a 1200-pixel thumbnail", (url) => {
    expect(driveThumbnail(url)).toBe(THUMBNAIL);
  });

  test.each([
    "https://example.com/dress.jpg",
    "https://images.unsplash.com/photo-123?w=800",
    "https://drive.google.com/drive/folders/abc123",
    "https://drive.google.com/open?foo=bar",
    "https://drive.google.com/uc?id=bad%22id",
    "https://notdrive.google.com.evil.example/file/d/abc/view",
    "https://docs.google.com/document/d/abc/edit",
    "/uploads/abc.webp",
    "not a url",
    "",
  ])("leaves %j unchanged", (url) => {
    expect(driveThumbnail(url)).toBe(url);
  });
});

describe("upload URLs", () => {
  test("an upload is stored under its key", () => {
    expect(uploadImageUrl("kitenge-dress-3f9a")).toBe("/uploads/kitenge-dress-3f9a.webp");
  });

  test.each(UPLOAD_WIDTHS)("the %i-pixel width has its own file", (width) => {
    expect(uploadVariantUrl("abc", width)).toBe(`/uploads/abc-${width}.webp`);
  });

  test("the widths run from small to large", () => {
    expect(UPLOAD_WIDTHS).toEqual([320, 640, 960, 1280]);
  });
});

describe("imageSource", () => {
  test.each([null, undefined, "", "   "])("a missing image (%j) shows the placeholder", (url) => {
    expect(imageSource(url)).toEqual({ src: PLACEHOLDER_IMAGE });
  });

  test("an upload shows its 640 width and offers every width", () => {
    expect(imageSource("/uploads/kitenge-3f9a.webp")).toEqual({
      src: "/uploads/kitenge-3f9a-640.webp",
      srcSet:
        "/uploads/kitenge-3f9a-320.webp 320w, /uploads/kitenge-3f9a-640.webp 640w, " +
        "/uploads/kitenge-3f9a-960.webp 960w, /uploads/kitenge-3f9a-1280.webp 1280w",
    });
  });

  test("with UPLOADS_PUBLIC_URL, an upload's widths are fetched from there; other images are as they were", () => {
    const cdn = "https://images.example.com/shop";
    expect(imageSource("/uploads/kitenge-3f9a.webp", cdn)).toEqual({
      src: `${cdn}/kitenge-3f9a-640.webp`,
      srcSet: `${cdn}/kitenge-3f9a-320.webp 320w, ${cdn}/kitenge-3f9a-640.webp 640w, ${cdn}/kitenge-3f9a-960.webp 960w, ${cdn}/kitenge-3f9a-1280.webp 1280w`,
    });
    expect(imageSource("/images/hero-1.jpg", cdn)).toEqual({ src: "/images/hero-1.jpg" });
    expect(imageSource("https://example.com/a.jpg", cdn)).toEqual({ src: "https://example.com/a.jpg" });
    expect(imageSource(null, cdn)).toEqual({ src: PLACEHOLDER_IMAGE });
  });

  test("a shared-drive link shows as its thumbnail", () => {
    expect(imageSource(`https://drive.google.com/file/d/${DRIVE_ID}/view?usp=sharing`)).toEqual({ src: THUMBNAIL });
  });

  test.each([
    "https://example.com/dress.jpg",
    "http://example.com/dress.jpg",
    "https://cdn.example.com/a/b/c.png?width=800&q=80",
  ])("a web address %j shows as it is", (url) => {
    expect(imageSource(url)).toEqual({ src: url });
  });

  test("the shop's own images show as they are", () => {
    expect(imageSource("/images/hero-1.jpg")).toEqual({ src: "/images/hero-1.jpg" });
    expect(imageSource("/images/sample/kitenge_dress.v2.webp")).toEqual({
      src: "/images/sample/kitenge_dress.v2.webp",
    });
    expect(imageSource(PLACEHOLDER_IMAGE)).toEqual({ src: PLACEHOLDER_IMAGE });
  });

  test("surrounding spaces are ignored", () => {
    expect(imageSource("  https://example.com/a.jpg ")).toEqual({ src: "https://example.com/a.jpg" });
  });

  test.each([
    ["a script", "javascript:alert(1)"],
    ["a script in capitals", "JAVASCRIPT:alert(1)"],
    ["inline data", "data:image/png;base64,iVBORw0KGgo="],
    ["a vbscript", "vbscript:msgbox(1)"],
    ["a file path", "file:///etc/passwd"],
    ["another site without a scheme", "//evil.example/x.png"],
    ["a relative path", "dress.jpg"],
    ["a path outside the shop's images", "/admin/logout"],
    ["a path climbing out of the shop's images", "/images/../admin/logout"],
    ["a query on the shop's images", "/images/a.png?x=1"],
    ["an upload with an odd key", "/uploads/../secret.webp"],
    ["an upload that is not webp", "/uploads/abc.png"],
    ["an upload key in capitals", "/uploads/ABC.webp"],
    ["an overlong address", `https://example.com/${"a".repeat(2100)}.jpg`],
  ])("%s shows the placeholder", (_, url) => {
    expect(imageSource(url)).toEqual({ src: PLACEHOLDER_IMAGE });
  });
});
