import { data, Link, redirect } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { ProductGallery } from "~/components/shop/product-gallery";
import { ProductPurchase } from "~/components/shop/product-purchase";
import { jsonLd, seoMeta } from "~/components/seo";
import { buttonClass } from "~/components/ui/button";
import { driveThumbnail } from "~/domain/images";
import { centsToShillings } from "~/domain/money";
import { variantDisplayName } from "~/domain/variants";
import { type ProductDetail, productBySlug } from "~/server/catalogue.server";
import { shopOrigin } from "~/server/config.server";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/product";

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await productBySlug(params.slug);
  // A renamed product's old address still works, and search engines learn the new one.
  if (found.kind === "moved") return redirect(`/product/${found.slug}`, 301);
  if (found.kind === "missing") return data({ product: null }, { status: 404 });
  const { product } = found;
  const { storeName } = await readSiteDocument("settings");
  const crumbs = breadcrumbs(product);
  return { product, crumbs, listing: searchListing(product, crumbs, shopOrigin(request), storeName) };
}

type Crumb = { name: string; to: string };

/** Home › Shop › category › product, for the page and for search engines. */
function breadcrumbs(product: ProductDetail): Crumb[] {
  return [
    { name: "Home", to: "/" },
    { name: "Shop", to: "/products" },
    ...(product.category ? [{ name: product.category.name, to: `/products?categoryId=${product.category.id}` }] : []),
    { name: product.name, to: `/product/${product.slug}` },
  ];
}

/**
 * What search engines and link previews get: a short description, the first picture, and structured data (a
 * Product with its offers in KES, and the breadcrumbs; no ratings, since the page shows none). Built on the
 * server so none of it ships to the browser.
 */
function searchListing(product: ProductDetail, crumbs: Crumb[], origin: string, storeName: string) {
  const absolute = (url: string) => (url.startsWith("/") ? `${origin}${url}` : url);
  const images = product.images.map((url) => absolute(driveThumbnail(url)));
  const text = product.description.replace(/\s+/g, " ").trim() || `${product.name}, handmade in Kenya.`;
  return {
    description: text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, "")}…`,
    image: images[0] ?? null,
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        sku: product.sku,
        image: images,
        brand: { "@type": "Brand", name: storeName },
        ...(product.category && { category: product.category.name }),
        ...(product.material && { material: product.material }),
        offers: productOffers(product, `${origin}/product/${product.slug}`),
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: crumbs.map((crumb, index) => ({
          "@type": "ListItem",
          position: index + 1,
          name: crumb.name,
          item: `${origin}${crumb.to}`,
        })),
      },
    ],
  };
}

const availability = (available: number) => (available > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/**
 * The product's offer in KES; for a product that keeps stock per variant (decision 049), an AggregateOffer from its
 * lowest to its highest price with an Offer per size and colour, each with its own price, SKU and availability.
 */
function productOffers(product: ProductDetail, url: string) {
  const offer = (priceCents: number, available: number) => ({
    "@type": "Offer",
    url,
    price: centsToShillings(priceCents),
    priceCurrency: "KES",
    availability: availability(available),
    itemCondition: "https://schema.org/NewCondition",
  });
  if (product.variants.length === 0) return offer(product.priceCents, product.available);
  const prices = product.variants.map((variant) => variant.priceCents);
  return {
    "@type": "AggregateOffer",
    url,
    lowPrice: centsToShillings(Math.min(...prices)),
    highPrice: centsToShillings(Math.max(...prices)),
    priceCurrency: "KES",
    offerCount: product.variants.length,
    availability: availability(product.available),
    offers: product.variants.map((variant) => ({
      ...offer(variant.priceCents, variant.available),
      name: variantDisplayName(product.name, variant),
      ...(variant.sku && { sku: variant.sku }),
    })),
  };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const shop = matches[1].data;
  if (!page?.product) return [{ title: `Product not found | ${shop.storeName}` }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta({
      title: `${page.product.name} | ${shop.storeName}`,
      description: page.listing.description,
      origin: shop.origin,
      path: `/product/${page.product.slug}`,
      image: page.listing.image,
      type: "product",
    }),
    ...page.listing.structuredData.map(jsonLd),
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // Price, stock and visibility change while the page is open.
  useLiveTopics(["products"]);
  if (!loaderData.product) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-semibold">Product not found.</h1>
        <p className="mt-4">It may no longer be on sale, or the address may have a typo.</p>
        <Link to="/products" className={buttonClass("primary", "mt-8")}>
          Browse the shop
        </Link>
      </div>
    );
  }

  const { product, crumbs } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap gap-x-2 text-sm">
          {crumbs.map((crumb, index) =>
            index < crumbs.length - 1 ? (
              <li key={crumb.to} className="after:ml-2 after:content-['›']">
                <Link to={crumb.to} className="underline-offset-4 hover:underline">
                  {crumb.name}
                </Link>
              </li>
            ) : (
              <li key={crumb.to} aria-current="page" className="font-semibold">
                {crumb.name}
              </li>
            ),
          )}
        </ol>
      </nav>
      {/* Keyed by product: moving to another product starts again from its first picture and options. */}
      <div key={product.id} className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery name={product.name} images={product.images} />
        <div>
          <h1 className="font-display text-3xl font-semibold sm:text-4xl">{product.name}</h1>
          <ProductPurchase product={product} />
          <h2 className="mt-10 font-display text-xl font-semibold">Description</h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line">{product.description}</p>
          {product.details.length > 0 && (
            <>
              <h2 className="mt-8 font-display text-xl font-semibold">Details</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {product.details.map((detail, index) => (
                  <li key={index}>{detail}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
