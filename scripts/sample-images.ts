import { prepareSampleImages } from "../app/server/db/seed.server";

// Part of `npm run build`: the sample images' WebP widths, which a shop's first start copies (decision 065).
await prepareSampleImages();
