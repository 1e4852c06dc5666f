import { UPLOAD_WIDTHS } from "./images";

// The files the shop itself writes into its uploads folder (decision 020): saveImage names them by the first 20
// hex digits of the picture's SHA-256, plain (the widest copy) or with one of the stored widths, always WebP.
// Anything else found where uploads are copied to or from (a page, a script, a half-written .tmp, a link to
// another file) is not the shop's and is never copied.
const STORED_IMAGE_NAME = new RegExp(`^[0-9a-f]{20}(?:-(?:${UPLOAD_WIDTHS.join("|")}))?\\.webp$`);

/** Whether a file name in the uploads folder is one the shop writes for an uploaded image. */
export const isStoredImageName = (name: string): boolean => STORED_IMAGE_NAME.test(name);
