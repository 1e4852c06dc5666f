import type { MetaDescriptor } from "react-router";

/**
 * A page's title, description, canonical link, Open Graph and Twitter tags, from one place, so every page
 * has them and they agree. `origin` is PUBLIC_URL (or the request's own origin) from the shop layout.
 */
export function seoMeta({
  title,
  description,
  origin,
  path,
  image,
  type = "website",
  noindex = false,
}: {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string | null;
  type?: "website" | "product";
  noindex?: boolean;
}): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const absoluteImage = image ? (image.startsWith("/") ? `${origin}${image}` : image) : undefined;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(absoluteImage ? [{ property: "og:image", content: absoluteImage }] : []),
    { name: "twitter:card", content: absoluteImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(absoluteImage ? [{ name: "twitter:image", content: absoluteImage }] : []),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** Structured data as a meta descriptor React Router renders into a <script type="application/ld+json">. */
export const jsonLd = (data: Record<string, unknown>): MetaDescriptor => ({ "script:ld+json": data });
