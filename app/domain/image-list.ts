// The back office's image rules, apart from images.ts so that none of them ride in the storefront's bundle.
import { isUploadUrl, webAddress } from "./images";

/** Shown when pasted image URLs were dropped (product.md §5). */
export const INVALID_URLS_MESSAGE = "Some URLs were invalid and have been skipped.";

/** Shown when an image could not be uploaded (product.md §8). */
export const UPLOAD_FAILED_MESSAGE = "Failed to upload image.";

/** The image types the upload accepts; sharp reads each of them. */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** Whether a pasted image URL can be stored: a web address (http or https) or one of the shop's uploads. */
export function isStorableImageUrl(url: string): boolean {
  return isUploadUrl(url) || webAddress(url) !== null;
}

/**
 * Reads the product form's image box: one URL per line, trimmed, blank lines ignored, repeats kept once.
 * Invalid lines are skipped and counted, so the form can say INVALID_URLS_MESSAGE (product.md §5).
 */
export function parseImageUrlList(text: string): { urls: string[]; skipped: number } {
  const urls: string[] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    const url = line.trim();
    if (url === "") continue;
    if (!isStorableImageUrl(url)) skipped++;
    else if (!urls.includes(url)) urls.push(url);
  }
  return { urls, skipped };
}
