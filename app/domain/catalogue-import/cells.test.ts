import { expect, test } from "vitest";
import { imageFetchNote } from "./cells";

test("an image the server could not bring in is a note for its row, saying why", () => {
  const url = "https://old-shop.example/a.jpg";
  const note = (failure: Parameters<typeof imageFetchNote>[3]) => imageFetchNote({ row: 7 }, "Image Src", url, failure);
  expect(note({ kind: "timed-out", seconds: 10 })).toEqual({
    row: 7,
    column: "Image Src",
    message: 'Row 7, Image Src: "https://old-shop.example/a.jpg" could not be fetched (timed out after 10 s).',
    blocking: false,
  });
  expect(note({ kind: "answered", status: 404 }).message).toBe(`Row 7, Image Src: "${url}" could not be fetched (its server answered 404).`);
  expect(note({ kind: "too-large", megabytes: 10 }).message).toBe(`Row 7, Image Src: "${url}" is larger than 10 MB, the most an image may be.`);
  expect(note({ kind: "private-address" }).message).toContain("private network");
});
