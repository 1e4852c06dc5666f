/** Shown wherever an image is missing or unusable (product.md §3). */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The widths, in pixels, each uploaded image is stored at. */
export const UPLOAD_WIDTHS = [320, 640, 960, 1280] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];

/** The width used where the browser cannot choose from a srcset. */
const UPLOAD_DEFAULT_WIDTH: UploadWidth = 640;

const UPLOAD_URL = /^\/uploads\/([a-z0-9-]+)\.webp$/;
// The shop's bundled images: plain file names in folders, never "..", so a path cannot leave /images/.
const SHOP_IMAGE = /^\/images\/(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*$/;
const DRIVE_FILE_ID = /^[A-Za-z0-9_-]+$/;
const MAX_URL_LENGTH = 2048;

/** Where an upload is stored: "/uploads/{key}.webp". */
export function uploadImageUrl(key: string): string {
  return `/uploads/${key}.webp`;
}

/** Where the pages fetch uploads from unless UPLOADS_PUBLIC_URL names another address (decision 060). */
const SHOP_UPLOADS_ADDRESS = "/uploads";

/** One stored width of an upload: "/uploads/{key}-{width}.webp", or the same name under `uploadsAddress`. */
export function uploadVariantUrl(key: string, width: UploadWidth, uploadsAddress = SHOP_UPLOADS_ADDRESS): string {
  return `${uploadsAddress}/${key}-${width}.webp`;
}

/** A web address (http or https) of sensible length, or null. */
export function webAddress(text: string): URL | null {
  if (text.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function driveFileId(url: URL): string | null {
  if (url.hostname !== "drive.google.com") return null;
  const fromPath = /^\/file\/d\/([^/]+)/.exec(url.pathname)?.[1];
  const fromQuery = ["/open", "/uc", "/thumbnail"].includes(url.pathname)
    ? url.searchParams.get("id")
    : null;
  const id = fromPath ?? fromQuery;
  return id && DRIVE_FILE_ID.test(id) ? id : null;
}

/**
 * A shared-drive link (…/file/d/{id}/view, …/open?id={id}, …/uc?id={id}) as a thumbnail 1200 pixels wide,
 * which browsers can show in an <img> (product.md §3). Any other URL is returned unchanged.
 */
export function driveThumbnail(url: string): string {
  const parsed = webAddress(url.trim());
  const id = parsed && driveFileId(parsed);
  return id ? `https://drive.google.com/thumbnail?id=${id}&sz=w1200` : url;
}

/**
 * What an <img> shows for a stored image URL: uploads with all their widths (under `uploadsAddress`, where the
 * browser fetches them: the shop's /uploads or UPLOADS_PUBLIC_URL), shared-drive links as thumbnails, other web
 * addresses and the shop's own /images/ as they are. Anything else (missing, blank, or another scheme such as
 * javascript: or data:) shows the placeholder.
 */
export function imageSource(url: string | null | undefined, uploadsAddress = SHOP_UPLOADS_ADDRESS): {
  src: string;
  srcSet?: string;
} {
  const text = url?.trim() ?? "";
  const uploadKey = UPLOAD_URL.exec(text)?.[1];
  if (uploadKey) {
    return {
      src: uploadVariantUrl(uploadKey, UPLOAD_DEFAULT_WIDTH, uploadsAddress),
      srcSet: UPLOAD_WIDTHS.map(
        (width) => `${uploadVariantUrl(uploadKey, width, uploadsAddress)} ${width}w`,
      ).join(", "),
    };
  }
  if (SHOP_IMAGE.test(text)) return { src: text };
  if (webAddress(text)) return { src: driveThumbnail(text) };
  return { src: PLACEHOLDER_IMAGE };
}

/** Whether a URL names one of the shop's uploads ("/uploads/{key}.webp"). */
export function isUploadUrl(url: string): boolean {
  return UPLOAD_URL.test(url);
}
