import { Link } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { useBag } from "~/components/shop/bag";
import { BagLineItem } from "~/components/shop/bag-line";
import { useBagProducts, useBagRestored } from "~/components/shop/bag-products";
import { buttonClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { type BagLine, bagSubtotalCents, lineOffer, mostOfLine } from "~/domain/bag";
import type { Route } from "./+types/cart";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Your Bag | ${matches[1].data.storeName}` }, { name: "robots", content: "noindex" }];
}

export default function Cart() {
  const restored = useBagRestored();
  const bag = useBag();
  const productOf = useBagProducts(bag.lines);
  // Prices and stock change while a bag waits: show today's.
  useLiveTopics(["products"]);

  // Each line sells at its own price and stock: its variant's when the product keeps stock per variant.
  const offerOf = (line: BagLine) => {
    const product = productOf(line.productId);
    return typeof product === "object" ? lineOffer(product, line) : undefined;
  };
  const subtotal = bagSubtotalCents(bag.lines, (line) => offerOf(line)?.priceCents);
  // Until every price has arrived a total would be wrong, so none is shown.
  const priced = bag.lines.every((line) => productOf(line.productId) !== "loading");
  const amount = priced ? <Price cents={subtotal} /> : "…";

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">Shopping Bag</h1>
      {!restored ? (
        <p className="mt-6">Loading your bag…</p>
      ) : bag.lines.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-lg">Your bag is empty</p>
          <Link to="/products" className={buttonClass("primary", "mt-6")}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_20rem]">
          <ul aria-label="Items in your bag">
            {bag.lines.map((line) => {
              const offer = offerOf(line);
              const stock = offer ?? { available: 0, tracksVariants: false };
              return (
                <BagLineItem
                  key={`${line.productId}|${line.size}|${line.color}`}
                  line={line}
                  product={productOf(line.productId)}
                  offer={offer}
                  most={mostOfLine(bag.lines, line, stock)}
                  onQuantity={(quantity) => bag.setQuantity(line, quantity, stock)}
                  onRemove={() => bag.remove(line)}
                />
              );
            })}
          </ul>
          <section aria-labelledby="bag-summary" className="h-fit rounded-2xl bg-clay-100 p-6 dark:bg-earth-900">
            <h2 id="bag-summary" className="font-display text-xl font-semibold">
              Summary
            </h2>
            <dl className="mt-4 space-y-2">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{amount}</dd>
              </div>
              <div className="flex justify-between border-t border-clay-300 pt-2 text-lg font-semibold dark:border-earth-700">
                <dt>Total</dt>
                <dd>{amount}</dd>
              </div>
            </dl>
            <p className="mt-3 text-sm">Delivery charges vary by location and are not included in this total.</p>
            <Link to="/checkout" className={buttonClass("primary", "mt-6 w-full")}>
              Proceed to Checkout
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
