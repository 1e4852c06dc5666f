import { useState } from "react";
import { Button } from "~/components/ui/button";
import { LiveStatus } from "~/components/ui/status";
import { useTimedFlag } from "~/components/ui/use-timed-flag";
import { allInBagMessage, lineOffer } from "~/domain/bag";
import { sameOptions, type VariantOptions } from "~/domain/variants";
import { useBag } from "./bag";
import { ProductOptions } from "./product-options";
import { SalePrice } from "./sale-price";

/** How long the button says 'Added to Bag!' (product.md §9). */
const ADDED_MESSAGE_MS = 2_000;

type Availability = { available: number; perOrderLimit: boolean };

/**
 * The price, colour and size (each defaulting to the first, product.md §2) and the Add to Bag button. When the product
 * keeps stock per variant (decision 049), the price, the stock and the button follow the chosen size and colour, and
 * options with nothing left are marked sold out: a colour when none of its sizes is left, a size when it is gone in
 * the chosen colour.
 */
export function ProductPurchase({
  product,
}: {
  product: Availability & {
    id: string;
    priceCents: number;
    compareAtCents: number | null;
    colors: readonly string[];
    sizes: readonly string[];
    variants: readonly (VariantOptions & Availability & { priceCents: number; compareAtCents: number | null })[];
  };
}) {
  const { add } = useBag();
  const [color, setColor] = useState(product.colors[0] ?? "");
  const [size, setSize] = useState(product.sizes[0] ?? "");
  const [added, showAdded] = useTimedFlag(ADDED_MESSAGE_MS);
  const [allInBag, showAllInBag] = useTimedFlag(ADDED_MESSAGE_MS);
  // A live update may take away the chosen option: the first one stands in.
  const chosenColor = product.colors.includes(color) ? color : (product.colors[0] ?? "");
  const chosenSize = product.sizes.includes(size) ? size : (product.sizes[0] ?? "");
  const line = { productId: product.id, size: chosenSize, color: chosenColor };
  const offer = lineOffer(product, line);
  const variant = product.variants.find((v) => sameOptions(v, line));
  const soldOut = offer.available === 0;
  const tracksVariants = product.variants.length > 0;
  const colorSoldOut = (option: string) => tracksVariants && !product.variants.some((v) => v.color === option && v.available > 0);
  const sizeSoldOut = (option: string) => tracksVariants && lineOffer(product, { ...line, size: option }).available === 0;

  return (
    <>
      <SalePrice
        priceCents={offer.priceCents}
        compareAtCents={variant ? variant.compareAtCents : product.compareAtCents}
        className="mt-3 block text-2xl font-semibold"
      />
      <div className="mt-6 space-y-5">
        {product.colors.length > 0 && (
          <ProductOptions legend="Colour" name="color" options={product.colors} chosen={chosenColor} onChoose={setColor} soldOut={colorSoldOut} />
        )}
        {product.sizes.length > 0 && (
          <ProductOptions legend="Size" name="size" options={product.sizes} chosen={chosenSize} onChoose={setSize} soldOut={sizeSoldOut} />
        )}
        <Button
          onClick={() => {
            if (add(line, offer)) showAdded();
            else showAllInBag();
          }}
          disabled={soldOut}
          className="w-full sm:w-64"
        >
          {soldOut ? "Out of stock" : added ? "Added to Bag!" : "Add to Bag"}
        </Button>
        <LiveStatus className={allInBag ? "text-sm font-semibold" : "sr-only"}>
          {added ? "Added to Bag!" : allInBag ? allInBagMessage(offer.available, offer.perOrderLimit) : ""}
        </LiveStatus>
      </div>
    </>
  );
}
