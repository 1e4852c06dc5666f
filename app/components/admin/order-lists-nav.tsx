import { Link } from "react-router";
import { tabClass } from "~/components/admin/list-tabs";
import { ORDER_TABS, type OrderTab, orderListHref } from "~/domain/order-admin";

const TAB_LABELS: Record<OrderTab, string> = { active: "Active", archived: "Archived" };
export const UNMATCHED_PAYMENTS_PATH = "/admin/orders/unmatched-payments";

/**
 * The Orders screen's lists: Active and Archived orders, and the M-Pesa payments waiting for staff (issue 11),
 * with how many wait when any do.
 */
export function OrderListsNav({ current, unmatchedCount }: { current: OrderTab | "unmatched"; unmatchedCount: number }) {
  return (
    <nav aria-label="Order lists" className="flex flex-wrap gap-2 border-b border-clay-200 dark:border-earth-800">
      {ORDER_TABS.map((name) => (
        <Link
          key={name}
          to={orderListHref(name)}
          aria-current={name === current ? "page" : undefined}
          className={tabClass(name === current)}
        >
          {TAB_LABELS[name]}
        </Link>
      ))}
      <Link
        to={UNMATCHED_PAYMENTS_PATH}
        aria-current={current === "unmatched" ? "page" : undefined}
        aria-label={unmatchedCount > 0 ? `Unmatched payments, ${unmatchedCount} waiting` : undefined}
        className={tabClass(current === "unmatched")}
      >
        Unmatched payments
        {unmatchedCount > 0 && <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs text-amber-950">{unmatchedCount}</span>}
      </Link>
    </nav>
  );
}
