import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { prefixedId } from "~/domain/ids";
import { orderSubtotalCents, shillingsToCents } from "~/domain/money";
import { newOrderId } from "~/domain/order-id";
import { newTrackingId } from "~/domain/tracking-id";
import { productSlug } from "~/domain/slug";
import type { SiteDocument } from "~/domain/site-documents.schema";
import { projectRoot } from "../config.server";
import { newRecordId, secureRandomInt } from "../random.server";
import { writeSiteDocument } from "../site-documents.server";
import { copyImages, imageStore, openImageStore } from "../image-store.server";
import { saveImage } from "../uploads.server";
import { publish } from "../events.server";
import type { Database } from "./client.server";
import {
  sampleCategoryNames,
  sampleContactInfo,
  sampleDemoOrders,
  sampleFaqs,
  sampleHeroSlides,
  sampleOurStory,
  samplePaymentMethods,
  sampleProducts,
  sampleRiders,
  sampleStoreName,
} from "./sample-data.server";
import { categories, orderLines, orders, products, riders, shopMeta } from "./schema.server";

const SEED_LOCK = 7_311_002;
const SEEDED_MARKER = "sampleDataWrittenAt";

/** The shipped artwork, by file name under seed/images. */
const sampleImageFiles = () => [...new Set([...sampleProducts.flatMap((p) => p.images), ...sampleHeroSlides.map((s) => s.image), sampleOurStory.image])];

/** Where `npm run build` leaves the sample images' WebP widths (scripts/sample-images.ts). */
const preparedSampleImages = () => path.join(projectRoot(), "build", "sample-images");

/**
 * Encodes the sample images' widths into `dir` as uploads are stored: part of the build, so that a shop's first start
 * copies them instead of running sharp over every picture (about 150 MB it would keep until a restart, decision 065).
 */
export async function prepareSampleImages(dir = preparedSampleImages()): Promise<void> {
  const store = openImageStore({ kind: "local", dir });
  const keys = await Promise.all(
    sampleImageFiles().map(async (file) => path.basename(await saveImage(await readFile(path.join(projectRoot(), "seed", "images", file)), store), ".webp")),
  );
  // Widths of artwork since replaced would otherwise be copied into every new shop.
  for (const name of await store.list()) {
    if (!keys.some((key) => name.startsWith(key))) await rm(path.join(dir, name));
  }
}

/**
 * Runs the shipped artwork through the upload pipeline, so sample images get the same WebP widths as uploads. The
 * widths the build prepared are copied first; saveImage then finds each picture stored and encodes only what is missing.
 */
async function importSampleImages(prepared: string): Promise<Map<string, string>> {
  if (existsSync(prepared)) await copyImages(openImageStore({ kind: "local", dir: prepared }), imageStore());
  const queue = sampleImageFiles();
  const urls = new Map<string, string>();
  // A few at a time: enough to keep both cores busy without decoding every image into memory at once.
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      urls.set(file, await saveImage(await readFile(path.join(projectRoot(), "seed", "images", file))));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return urls;
}

async function alreadySeeded(database: Pick<Database, "select">) {
  const rows = await database.select().from(shopMeta).where(eq(shopMeta.key, SEEDED_MARKER));
  return rows.length > 0;
}

/**
 * Writes the sample shop into a database that has never held one: in one transaction, under an advisory
 * lock, so two processes starting together write it once. A marker (not emptiness) decides, so a shop that
 * deletes every sample product does not get them back on restart (decision 005).
 */
export async function writeSampleDataOnce(database: Database, now = new Date(), preparedImages = preparedSampleImages()): Promise<boolean> {
  if (await alreadySeeded(database)) return false;
  const imageUrls = await importSampleImages(preparedImages);
  const image = (file: string) => imageUrls.get(file) ?? "";
  const newId = (prefix: string) => prefixedId(prefix, now, secureRandomInt);

  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await alreadySeeded(tx)) return false;

    const categoryIds = new Map(sampleCategoryNames.map((name) => [name, newRecordId()]));
    await tx.insert(categories).values(
      sampleCategoryNames.map((name, position) => ({ id: categoryIds.get(name)!, name, position, createdAt: now })),
    );
    await tx.insert(products).values(
      sampleProducts.map(({ key: _key, category, priceKsh, images, ...fields }, index) => {
        const id = newRecordId();
        return {
          ...fields,
          id,
          slug: productSlug(fields.name, id),
          sku: `AFB-${String(index + 1).padStart(3, "0")}`,
          categoryId: categoryIds.get(category)!,
          priceCents: shillingsToCents(priceKsh),
          images: images.map(image),
          // Newest first on the home page follows the sample list's order.
          createdAt: new Date(now.getTime() - index * 60_000),
        };
      }),
    );
    await tx.insert(riders).values(sampleRiders.map((r) => ({ id: newRecordId(), ...r, createdAt: now })));

    const settings: SiteDocument<"settings"> = {
      storeName: sampleStoreName,
      paymentMethods: samplePaymentMethods.map((m) => ({
        ...m,
        id: newId("method"),
        fields: m.fields.map((f) => ({ ...f, id: newId("field") })),
      })),
      heroSlides: sampleHeroSlides.map((s) => ({
        id: newId("slide"),
        src: image(s.image),
        alt: s.alt,
        title: s.title,
        subtitle: s.subtitle,
        link: s.link,
      })),
      fab: { enabled: true, iconUrl: "", whatsappIconUrl: "", callIconUrl: "" },
    };
    await writeSiteDocument("settings", settings, tx);
    await writeSiteDocument(
      "contactInfo",
      {
        title: sampleContactInfo.title,
        subtitle: sampleContactInfo.subtitle,
        contactFields: sampleContactInfo.contactFields.map((f) => ({ ...f, id: newId("contact") })),
        socialLinks: sampleContactInfo.socialLinks.map((l) => ({ ...l, id: newId("link"), iconUrl: "" })),
      },
      tx,
    );
    await writeSiteDocument("faqs", { items: sampleFaqs.map((f) => ({ ...f, id: newId("faq") })) }, tx);
    await writeSiteDocument(
      "ourStory",
      { title: sampleOurStory.title, text: sampleOurStory.text, imageUrl: image(sampleOurStory.image) },
      tx,
    );
    await writeSiteDocument(
      "notification",
      {
        isActive: false,
        title: "Free delivery in Nairobi",
        message: "Orders above KSH 5,000 are delivered free within Nairobi this month.",
        link: "/products",
        linkLabel: "Shop now",
        displayType: "popup",
      },
      tx,
    );
    await tx.insert(shopMeta).values({ key: SEEDED_MARKER, value: now.toISOString() });
    return true;
  });
}

/** `seed --demo-orders`: three orders placed from the sample products, for demonstrations. */
export async function writeDemoOrders(database: Database, now = new Date()): Promise<number> {
  const catalogue = await database.select().from(products);
  const byName = new Map(catalogue.map((p) => [p.name, p]));
  return database.transaction(async (tx) => {
    for (const demo of sampleDemoOrders) {
      const lines = demo.lines.flatMap((line, position) => {
        const sample = sampleProducts.find((p) => p.key === line.productKey);
        const product = sample && byName.get(sample.name);
        if (!product) return [];
        return [{ position, productId: product.id, name: product.name, image: product.images[0] ?? null,
          unitPriceCents: product.priceCents, size: line.size, color: line.color, quantity: line.quantity }];
      });
      if (lines.length === 0) continue;
      const id = newOrderId(secureRandomInt);
      await tx.insert(orders).values({
        id,
        trackingId: newTrackingId(secureRandomInt),
        clientName: demo.clientName,
        clientAddress: demo.address,
        clientPhone: demo.phone,
        totalCents: orderSubtotalCents(lines),
        status: demo.status,
        paymentStatus: demo.paymentStatus,
        paymentMethod: demo.paymentMethod,
        orderDate: new Date(now.getTime() - demo.daysAgo * 86_400_000),
      });
      await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: id })));
    }
    await publish(tx, "orders");
    return sampleDemoOrders.length;
  });
}
