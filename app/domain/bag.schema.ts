import { z } from "zod";
import { MAX_BAG_LINES, MAX_BAG_TEXT, MAX_LINE_QUANTITY } from "./bag";

const bagLineSchema = z.object({
  productId: z.string().min(1).max(MAX_BAG_TEXT),
  size: z.string().max(MAX_BAG_TEXT),
  color: z.string().max(MAX_BAG_TEXT),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

/** A bag as the checkout form sends it; the same bounds as the browser's check (isStoredBagLine). */
export const bagSchema = z.array(bagLineSchema).max(MAX_BAG_LINES);
