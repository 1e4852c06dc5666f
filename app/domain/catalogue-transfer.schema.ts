import { z } from "zod";
import type { ProductExportFormat } from "./catalogue-export";
import { CATALOGUE_FILE_TOO_LARGE_MESSAGE, CATALOGUE_IMPORT_MAX_BYTES } from "./catalogue-import/file";
import { NO_FILE_MESSAGE } from "./catalogue-import-state";
import { MAX_SHORT_TEXT_CHARS } from "./product";

// What the catalogue import and the exports take from a request (issue 13).

/** The import form's upload: one file, not empty, within the import's size limit. */
export const catalogueUploadSchema = z.object({
  file: z.file(NO_FILE_MESSAGE).min(1, NO_FILE_MESSAGE).max(CATALOGUE_IMPORT_MAX_BYTES, CATALOGUE_FILE_TOO_LARGE_MESSAGE),
});

/** An import's id in its page's address. */
export const catalogueImportIdSchema = z.string().trim().min(1).max(MAX_SHORT_TEXT_CHARS);

/** The preview's one form: confirming the import. */
export const confirmImportSchema = z.object({ intent: z.literal("confirm", "This form can only confirm the import; reload the page.") });

const PRODUCT_EXPORT_FORMATS = ["duka", "shopify"] as const satisfies readonly ProductExportFormat[];

/** The products export's address, `?format=duka|shopify`. */
export const productExportSchema = z.object({
  format: z.enum(PRODUCT_EXPORT_FORMATS, 'Choose the products export\'s format: "duka" or "shopify".'),
});
