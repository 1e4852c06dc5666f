import { CATALOGUE_FILE_TOO_LARGE_MESSAGE, CATALOGUE_IMPORT_MAX_BYTES } from "./catalogue-import/file";

// How large a request body the shop takes, by address (issue 21, decision 046): the one table server.ts counts
// every body against before anything reads it.

const MB = 1024 * 1024;

/** A form, public or staff: far above any form the shop has, far below what would strain the process. */
export const FORM_MAX_BYTES = 1 * MB;
/** The image upload's own limit (MAX_UPLOAD_BYTES in uploads.server.ts, decision 020). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * MB;
/** What a multipart form adds around its file; the upload and the import allow it on top of the file. */
const FILE_FORM_OVERHEAD_BYTES = 64 * 1024;
// A file's own route counts what it reads and refuses past its limit in its own words, on its page; the edge cuts
// the stream a little later, so it only ever stops a body the route was not reading.
const FILE_ROUTE_ANSWERS_FIRST_BYTES = 1 * MB;

export type BodyLimit = {
  maxBytes: number;
  /**
   * "form": read whole at the edge before the route sees it (a declared length over the limit refused before a
   * byte is read); "file": streamed to its route, which checks who sends it and the declared length first.
   */
  kind: "form" | "file";
  /** The sentence on the 413 page. */
  refusal: string;
};

const FORM: BodyLimit = {
  maxBytes: FORM_MAX_BYTES,
  kind: "form",
  refusal: `A form sent to the shop may be at most ${FORM_MAX_BYTES / MB} MB.`,
};

/** The routes that take a file, with their own limits (an action's address may end in .data, or in a slash). */
const FILE_ROUTES: readonly { path: RegExp; limit: BodyLimit }[] = [
  {
    path: /^\/admin\/upload(?:\/|\.data)?$/,
    limit: {
      maxBytes: IMAGE_UPLOAD_MAX_BYTES + FILE_FORM_OVERHEAD_BYTES + FILE_ROUTE_ANSWERS_FIRST_BYTES,
      kind: "file",
      refusal: `An image may be at most ${IMAGE_UPLOAD_MAX_BYTES / MB} MB.`,
    },
  },
  {
    path: /^\/admin\/products\/import(?:\/|\.data)?$/,
    limit: {
      maxBytes: CATALOGUE_IMPORT_MAX_BYTES + FILE_FORM_OVERHEAD_BYTES + FILE_ROUTE_ANSWERS_FIRST_BYTES,
      kind: "file",
      refusal: CATALOGUE_FILE_TOO_LARGE_MESSAGE,
    },
  },
];

/** The limit on a request body sent to `pathname`: a file route's own, else a form's. */
export function requestBodyLimit(pathname: string): BodyLimit {
  return FILE_ROUTES.find((route) => route.path.test(pathname))?.limit ?? FORM;
}
