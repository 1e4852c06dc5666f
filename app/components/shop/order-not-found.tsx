import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** ARCHITECTURE.md: an unknown order shows 'Order not found.' (HTTP 404) with a way to /track. */
export function OrderNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">Order not found.</h1>
      <p className="mt-4">Please check the link, or look your order up by its order ID, tracking ID or phone number.</p>
      <Link to="/track" className={buttonClass("primary", "mt-8")}>
        Track Order
      </Link>
    </div>
  );
}
