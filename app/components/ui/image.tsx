import { imageSource } from "~/domain/images";

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
  const { src, srcSet } = imageSource(url);
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
