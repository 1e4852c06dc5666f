import { useState } from "react";
import { Button } from "~/components/ui/button";
import { LiveStatus } from "~/components/ui/status";
import { useTimedFlag } from "~/components/ui/use-timed-flag";
import { allInBagMessage } from "~/domain/bag";
import { useBag } from "./bag";
import { ProductOptions } from "./product-options";

/** How long the button says 'Added to Bag!' (product.md §9). */
const ADDED_MESSAGE_MS = 2_000;

/** Colour and size (each defaulting to the first, product.md §2) and the Add to Bag button. */
export function ProductPurchase({
  product,
}: {
  product: { id: string; colors: readonly string[]; sizes: readonly string[]; available: number; perOrderLimit: boolean };
}) {
  const { add } = useBag();
  const [color, setColor] = useState(product.colors[0] ?? "");
  const [size, setSize] = useState(product.sizes[0] ?? "");
  const [added, showAdded] = useTimedFlag(ADDED_MESSAGE_MS);
  const [allInBag, showAllInBag] = useTimedFlag(ADDED_MESSAGE_MS);
  // A live update may take away the chosen option: the first one stands in.
  const chosenColor = product.colors.includes(color) ? color : (product.colors[0] ?? "");
  const chosenSize = product.sizes.includes(size) ? size : (product.sizes[0] ?? "");
  const soldOut = product.available === 0;

  return (
    <div className="space-y-5">
      {product.colors.length > 0 && (
        <ProductOptions legend="Colour" name="color" options={product.colors} chosen={chosenColor} onChoose={setColor} />
      )}
      {product.sizes.length > 0 && <ProductOptions legend="Size" name="size" options={product.sizes} chosen={chosenSize} onChoose={setSize} />}
      <Button
        onClick={() => {
          if (add({ productId: product.id, size: chosenSize, color: chosenColor }, product.available)) showAdded();
          else showAllInBag();
        }}
        disabled={soldOut}
        className="w-full sm:w-64"
      >
        {soldOut ? "Out of stock" : added ? "Added to Bag!" : "Add to Bag"}
      </Button>
      <LiveStatus className={allInBag ? "text-sm font-semibold" : "sr-only"}>
        {added ? "Added to Bag!" : allInBag ? allInBagMessage(product.available, product.perOrderLimit) : ""}
      </LiveStatus>
    </div>
  );
}
