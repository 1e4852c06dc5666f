import { expect, test } from "vitest";
import { isStoredImageName } from "./stored-images";

const KEY = "0123456789abcdef0123";

test.each([`${KEY}.webp`, `${KEY}-320.webp`, `${KEY}-640.webp`, `${KEY}-960.webp`, `${KEY}-1280.webp`])("%s is one of the shop's images", (name) => {
  expect(isStoredImageName(name)).toBe(true);
});

test.each([
  "index.html",
  "evil.svg",
  ".htaccess",
  `${KEY}.svg`,
  `${KEY}.webp.1a2b3c4d5e6f.tmp`,
  `${KEY.toUpperCase()}.webp`,
  `${KEY}-100.webp`,
  `${KEY}0.webp`,
  `${KEY.slice(1)}.webp`,
  `../${KEY}.webp`,
  `nested/${KEY}.webp`,
  `${KEY}.webp\n`,
  "",
])("%j is not", (name) => {
  expect(isStoredImageName(name)).toBe(false);
});
