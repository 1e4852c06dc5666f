import type { ReactNode } from "react";
import { Link } from "react-router";
import { Price } from "~/components/ui/price";
import { chatLink, trackingUrl } from "~/domain/links";
import { clientMessage, type DateGroup, type OrderTab } from "~/domain/order-admin";
import { shortOrderId } from "~/domain/order-id";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/domain/order-status";
import type { AdminOrderRow } from "~/server/order-admin.server";
import { AdminTable, Cell, IconButton, RowActions } from "./table";
import { type Highlight, useOrderAction } from "./order-live";
import { AdminIcon } from "./icon";

const COLUMNS = ["Order", "Client", "Total", "Payment", "Status", "Actions"] as const;

const selectClass =
  "min-h-10 rounded-lg border border-clay-300 bg-white px-2 py-1.5 text-sm text-earth-900 disabled:opacity-60 dark:border-earth-700 dark:bg-earth-900 dark:text-clay-100";

/** A row action that is a link (it opens a page or a chat) but looks like the table's icon buttons. */
function IconLink({ label, children, ...link }: { label: string; children: ReactNode } & ({ to: string } | { href: string })) {
  const className = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-full p-2 hover:bg-clay-100 dark:hover:bg-earth-800";
  if ("to" in link) {
    return (
      <Link to={link.to} preventScrollReset aria-label={label} title={label} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label} className={className}>
      {children}
    </a>
  );
}

/** The status or payment dropdown: saves as soon as a value is chosen, showing the chosen value meanwhile. */
function SavingSelect({
  order,
  field,
  options,
  label,
}: {
  order: AdminOrderRow;
  field: "status" | "paymentStatus";
  options: readonly string[];
  label: string;
}) {
  const { fetcher, submit } = useOrderAction();
  const chosen = fetcher.formData?.get(field);
  const value = typeof chosen === "string" ? chosen : order[field];
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <div>
      <select
        aria-label={label}
        className={selectClass}
        value={value}
        onChange={(event) =>
          submit({ intent: field === "status" ? "status" : "payment", id: order.id, [field]: event.currentTarget.value })
        }
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function RestoreButton({ order }: { order: AdminOrderRow }) {
  const { fetcher, submit } = useOrderAction();
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <>
      {error && (
        <span role="alert" className="self-center text-xs font-medium text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
      <IconButton
        label={`Restore order #${shortOrderId(order.id)}`}
        disabled={fetcher.state !== "idle"}
        onClick={() => submit({ intent: "restore", id: order.id })}
      >
        <AdminIcon name="archive-arrow-up" className="size-4" />
      </IconButton>
    </>
  );
}

function OrderRow({
  order,
  tab,
  origin,
  detailsHref,
  highlight,
  onDispatch,
  onArchive,
}: {
  order: AdminOrderRow;
  tab: OrderTab;
  origin: string;
  detailsHref: string;
  highlight: Highlight | undefined;
  onDispatch: () => void;
  onArchive: () => void;
}) {
  const short = shortOrderId(order.id);
  return (
    <tr className={`transition-colors duration-700 ${highlight ? "bg-amber-100 dark:bg-amber-900/40" : ""}`}>
      <Cell className="whitespace-nowrap">
        <span className="font-mono font-semibold">#{short}</span>
        {highlight && (
          <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-300">
            {highlight === "new" ? "New" : "Updated"}
          </span>
        )}
      </Cell>
      <Cell>{order.clientName}</Cell>
      <Cell className="whitespace-nowrap">
        <Price cents={order.totalCents} />
      </Cell>
      <Cell>
        <SavingSelect order={order} field="paymentStatus" options={PAYMENT_STATUSES} label={`Payment status of order #${short}`} />
      </Cell>
      <Cell>
        <SavingSelect order={order} field="status" options={ORDER_STATUSES} label={`Status of order #${short}`} />
      </Cell>
      <RowActions>
        <IconLink to={detailsHref} label={`View details of order #${short}`}>
          <AdminIcon name="eye" className="size-4" />
        </IconLink>
        {tab === "active" ? (
          <>
            <IconLink
              href={chatLink(order.clientPhone, clientMessage(order, trackingUrl(origin, order.trackingId)))}
              label={`Contact the client of order #${short}`}
            >
              <AdminIcon name="message-circle" className="size-4" />
            </IconLink>
            <IconButton label={`Dispatch order #${short}`} onClick={onDispatch}>
              <AdminIcon name="bike" className="size-4" />
            </IconButton>
            <IconButton label={`Archive order #${short}`} tone="danger" onClick={onArchive}>
              <AdminIcon name="archive" className="size-4" />
            </IconButton>
          </>
        ) : (
          <RestoreButton order={order} />
        )}
      </RowActions>
    </tr>
  );
}

/** The orders table (product.md §2): date-group header rows, then each order with its dropdowns and actions. */
export function OrderTable({
  groups,
  tab,
  origin,
  detailsHref,
  highlights,
  onDispatch,
  onArchive,
}: {
  groups: DateGroup<AdminOrderRow>[];
  tab: OrderTab;
  origin: string;
  detailsHref: (orderId: string) => string;
  highlights: ReadonlyMap<string, Highlight>;
  onDispatch: (order: AdminOrderRow) => void;
  onArchive: (order: AdminOrderRow) => void;
}) {
  return (
    <AdminTable columns={COLUMNS} caption={tab === "active" ? "Active orders" : "Archived orders"}>
      {groups.map((group) => [
        <tr key={`date-${group.label}`} className="bg-clay-50 dark:bg-earth-950">
          <td colSpan={COLUMNS.length} className="px-4 py-2 text-sm font-semibold">
            {group.label}
          </td>
        </tr>,
        ...group.orders.map((order) => (
          <OrderRow
            key={order.id}
            order={order}
            tab={tab}
            origin={origin}
            detailsHref={detailsHref(order.id)}
            highlight={highlights.get(order.id)}
            onDispatch={() => onDispatch(order)}
            onArchive={() => onArchive(order)}
          />
        )),
      ])}
    </AdminTable>
  );
}
