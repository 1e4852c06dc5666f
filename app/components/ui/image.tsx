import { imageSource } from "~/domain/images";
import { useUploadsAddress } from "../uploads-address";

/**
 * A product or content picture: WebP widths via srcset for uploads, the spec's thumbnail for shared-drive
 * links, a placeholder when missing. Width and height are always set so nothing shifts while it loads;
 * only the first picture a page shows should be `priority`.
 */
export function Picture({
  url,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: {
  url: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const { src, srcSet } = imageSource(url, useUploadsAddress());
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}

/**
 * A product's small picture beside its name (a bag line, an order's items, the products table). The name says
 * what it is, so the picture is decorative; `className` sets its size on the page.
 */
export function Thumbnail({ url, width, height, className }: { url: string | null | undefined; width: number; height: number; className: string }) {
  return (
    <Picture url={url} alt="" width={width} height={height} sizes={`${width}px`} className={`${className} shrink-0 rounded-lg object-cover`} />
  );
}
