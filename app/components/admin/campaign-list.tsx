import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { AdminTable, Cell, EmptyState } from "~/components/admin/table";
import type { CampaignRow } from "~/server/campaigns.server";
import { formatCount } from "~/domain/number-format";
import { shopDateTime } from "~/domain/shop-time";

// The campaigns sent (issue 25) and how far each has got: its messages go out at a steady rate, so the counts move for a
// while after Send. Nothing announces each sent message; the page reads them again every few seconds until none wait.

/** How often the list is read again while any campaign has messages waiting. */
const WHILE_SENDING_MS = 3_000;

/** Reads the page again every few seconds while `sending`, and stops once nothing waits. */
function useReadAgainWhile(sending: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void revalidate(), WHILE_SENDING_MS);
    return () => clearInterval(timer);
  }, [sending, revalidate]);
}

const recipientsText = (campaign: CampaignRow) =>
  [
    ...(campaign.emailRecipients > 0 ? [`${formatCount(campaign.emailRecipients)} by email`] : []),
    ...(campaign.smsRecipients > 0 ? [`${formatCount(campaign.smsRecipients)} by SMS`] : []),
  ].join(", ") || "Nobody";

export function CampaignList({ campaigns, timeZone }: { campaigns: readonly CampaignRow[]; timeZone: string }) {
  useReadAgainWhile(campaigns.some((campaign) => campaign.progress.waiting > 0));
  if (campaigns.length === 0) return <EmptyState>No campaigns sent yet.</EmptyState>;
  return (
    <AdminTable
      caption="Campaigns sent, newest first"
      columns={["Campaign", "Sent at", "By", "Recipients", "Sent", "Failed", "Opted out", "Not sent", "Waiting"]}
      textOnly
    >
      {campaigns.map((campaign) => (
        <tr key={campaign.id}>
          <Cell className="font-semibold">{campaign.title}</Cell>
          <Cell className="whitespace-nowrap">
            <time dateTime={campaign.sentAt.toISOString()}>{shopDateTime(campaign.sentAt, timeZone)}</time>
          </Cell>
          <Cell className="break-all">{campaign.sentBy}</Cell>
          <Cell className="whitespace-nowrap">{recipientsText(campaign)}</Cell>
          <Cell>{formatCount(campaign.progress.sent)}</Cell>
          <Cell>{formatCount(campaign.progress.failed)}</Cell>
          <Cell>{formatCount(campaign.progress.optedOut)}</Cell>
          <Cell>{formatCount(campaign.progress.notSent)}</Cell>
          <Cell>{formatCount(campaign.progress.waiting)}</Cell>
        </tr>
      ))}
    </AdminTable>
  );
}
