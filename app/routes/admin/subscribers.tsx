import { AdminIcon } from "~/components/admin/icon";
import { CountedTabs } from "~/components/admin/list-tabs";
import { AdminTable, Cell, EmptyState, PageLinks } from "~/components/admin/table";
import { buttonClass } from "~/components/ui/button";
import { SUBSCRIBER_STATE_LABELS, SUBSCRIBER_STATES, subscribersHref, subscriberTime } from "~/domain/subscribers";
import { subscribersQuerySchema } from "~/domain/newsletter.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { subscribersPage } from "~/server/newsletter.server";
import type { Route } from "./+types/subscribers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { state, page } = subscribersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { state, ...(await subscribersPage(state, page)), timeZone: config().timeZone };
}

/** The newsletter's subscribers (issue 12): newest first, by state, with how many are in each. */
export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { state, subscribers, counts, page, pageCount, timeZone } = loaderData;
  const total = SUBSCRIBER_STATES.reduce((sum, s) => sum + counts[s], 0);
  const tabs = [undefined, ...SUBSCRIBER_STATES].map((s) => ({
    label: s ? SUBSCRIBER_STATE_LABELS[s] : "All",
    count: s ? counts[s] : total,
    href: subscribersHref(s),
    current: s === state,
  }));
  const shown = state ? SUBSCRIBER_STATE_LABELS[state].toLowerCase() : "";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CountedTabs label="Subscribers by state" tabs={tabs} />
        {subscribers.length > 0 && (
          <a href={subscribersHref(state, 1, true)} download className={buttonClass("secondary")}>
            <AdminIcon name="download" className="size-4" /> Download CSV
          </a>
        )}
      </div>
      {subscribers.length === 0 ? (
        <EmptyState>{state ? `No ${shown} subscribers.` : "No subscribers yet."}</EmptyState>
      ) : (
        <AdminTable columns={["Email", "State", "Subscribed", "Confirmed", "Unsubscribed"]} caption={state ? `${SUBSCRIBER_STATE_LABELS[state]} subscribers` : "Subscribers"} textOnly>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.email}>
              <Cell className="font-semibold break-all">{subscriber.email}</Cell>
              <Cell>{SUBSCRIBER_STATE_LABELS[subscriber.state]}</Cell>
              <Cell className="whitespace-nowrap">{subscriberTime(subscriber.subscribedAt, timeZone)}</Cell>
              <Cell className="whitespace-nowrap">{subscriberTime(subscriber.confirmedAt, timeZone)}</Cell>
              <Cell className="whitespace-nowrap">{subscriberTime(subscriber.unsubscribedAt, timeZone)}</Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <PageLinks page={page} pageCount={pageCount} href={(to) => subscribersHref(state, to)} noun="subscribers" />
    </div>
  );
}
