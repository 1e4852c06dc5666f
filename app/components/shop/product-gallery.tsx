import { useState } from "react";
import { Picture } from "~/components/ui/image";

/**
 * A product's pictures: one large, and a row of thumbnail buttons to choose it. Only the first large picture
 * loads eagerly (it is the page's main image); the others load when chosen.
 */
export function ProductGallery({ name, images }: { name: string; images: readonly string[] }) {
  const [shown, setShown] = useState(0);
  const count = images.length;
  return (
    <div>
      <Picture
        url={images[shown]}
        alt={count > 1 ? `${name}, image ${shown + 1} of ${count}` : name}
        width={960}
        height={1200}
        // Half the page's 72rem column beside the details from 64rem, else the screen less its 1rem margins.
        sizes="(min-width: 72rem) 33.5rem, (min-width: 64rem) calc(50vw - 2.5rem), calc(100vw - 2rem)"
        priority={shown === 0}
        className="aspect-[4/5] w-full rounded-2xl bg-clay-100 object-cover dark:bg-earth-900"
      />
      {count > 1 && (
        <ul className="mt-3 flex gap-3" aria-label="Product images">
          {images.map((url, index) => (
            <li key={url + index}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-pressed={index === shown}
                className="block overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-clay-600 dark:aria-pressed:border-ochre-400"
              >
                <Picture url={url} alt="" width={80} height={100} sizes="80px" className="h-25 w-20 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
