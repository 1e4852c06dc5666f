import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { Figure, Figures } from "~/components/admin/figures";
import { Button } from "~/components/ui/button";
import { SelectField, TextArea, TextField } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { useTimedFlag } from "~/components/ui/use-timed-flag";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage, editVersionSchema } from "~/domain/edit-version";
import { failedMessagesLine, notificationsLogHref } from "~/domain/notification-log";
import { notificationFormSchema } from "~/domain/notification-form.schema";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { dashboardFigures, smsBudgetNotice } from "~/server/dashboard.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "~/server/form.server";
import { failedNotificationCount } from "~/server/notification-log.server";
import { readSiteDocumentForEdit, saveSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/dashboard";

/** product.md §9: the notification's saved confirmation shows for 2 s. */
const SAVED_MS = 2_000;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [figures, failedMessages, smsBudget, notification] = await Promise.all([
    dashboardFigures(),
    failedNotificationCount(),
    smsBudgetNotice(),
    readSiteDocumentForEdit("notification"),
  ]);
  return { figures, failedMessages, smsBudget, notification: notification.document, notificationVersion: notification.version };
}

type NotificationAnswer = { saved: boolean; errors: Record<string, string>; version?: number };

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const fields = formFields(await request.formData());
  const parsed = notificationFormSchema.safeParse(fields);
  const version = editVersionSchema.safeParse(fields.version);
  if (!parsed.success) return data<NotificationAnswer>({ saved: false, errors: fieldErrors(parsed.error) }, { status: 400 });
  if (!version.success) return data<NotificationAnswer>({ saved: false, errors: { form: version.error.issues[0]!.message } }, { status: 400 });
  const result = await saveSiteDocument("notification", parsed.data, version.data, staffActor(staff.email));
  if (!result.ok) return data<NotificationAnswer>({ saved: false, errors: { form: changedMeanwhileMessage("notification") } }, { status: 409 });
  return data<NotificationAnswer>({ saved: true, errors: {}, version: result.version });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, failedMessages, smsBudget, notification } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [saved, showSaved] = useTimedFlag(SAVED_MS);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.saved) showSaved();
  }, [fetcher.state, fetcher.data, showSaved]);
  const errors: Record<string, string | undefined> = fetcher.data?.errors ?? {};
  // The fields keep what was typed over live updates, so the save names the version they were loaded from,
  // or the one this editor last saved.
  const [version, setVersion] = useState(loaderData.notificationVersion);
  const savedVersion = fetcher.state === "idle" ? fetcher.data?.version : undefined;
  if (savedVersion !== undefined && savedVersion !== version) setVersion(savedVersion);

  return (
    <div className="space-y-10">
      {failedMessages > 0 && (
        <p className="rounded-2xl border border-red-700/40 bg-red-50 px-5 py-4 text-sm dark:border-red-400/40 dark:bg-red-950/40">
          <Link to={notificationsLogHref("failed")} className="font-semibold text-red-800 underline underline-offset-4 dark:text-red-200">
            {failedMessagesLine(failedMessages)}
          </Link>
        </p>
      )}
      {smsBudget && (
        <p className="rounded-2xl border border-amber-700/40 bg-amber-50 px-5 py-4 text-sm text-amber-900 dark:border-amber-300/40 dark:bg-amber-950/40 dark:text-amber-100">
          {`${smsBudget} `}
          <Link to={notificationsLogHref("not sent")} className="font-semibold underline underline-offset-4">
            See the messages not sent
          </Link>
        </p>
      )}
      <Figures>
        <Figure label="Total Sales">
          <Price cents={figures.totalSalesCents} />
        </Figure>
        <Figure label="Pending Orders">{figures.pendingOrders}</Figure>
        <Figure label="Total Products">{figures.totalProducts}</Figure>
        <Figure label="Total Orders">{figures.totalOrders}</Figure>
      </Figures>

      <section aria-labelledby="running-low">
        <h2 id="running-low" className="font-display text-xl font-semibold">
          Running low
        </h2>
        {figures.runningLow.length === 0 ? (
          <p className="mt-2 text-sm">Every product has more than a few units to sell.</p>
        ) : (
          <ul className="mt-3 divide-y divide-clay-200 rounded-2xl border border-clay-200 dark:divide-earth-800 dark:border-earth-800">
            {figures.runningLow.map((product) => (
              <li key={`${product.productId} ${product.name}`} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                <Link to={`/admin/products/edit/${product.productId}`} className="font-semibold hover:underline">
                  {product.name}
                </Link>
                <span>{product.available === 0 ? "Out of stock" : `${product.available} left`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="notification-editor" className="max-w-2xl">
        <h2 id="notification-editor" className="font-display text-xl font-semibold">
          Site notification
        </h2>
        <fetcher.Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="version" value={version} />
          <label className="flex items-center gap-3 text-sm font-semibold">
            <input type="checkbox" name="isActive" defaultChecked={notification.isActive} className="size-5" />
            Show the notification to shoppers
          </label>
          <TextField label="Title" name="title" defaultValue={notification.title} error={errors.title} />
          <TextArea label="Message" name="message" rows={3} defaultValue={notification.message} error={errors.message} />
          <TextField label="Link" name="link" defaultValue={notification.link} error={errors.link} hint="A page of the shop such as /products, or a web address" />
          <TextField label="Link label" name="linkLabel" defaultValue={notification.linkLabel} error={errors.linkLabel} />
          <SelectField label="Display type" name="displayType" defaultValue={notification.displayType}>
            <option value="popup">Popup (bottom-right corner)</option>
            <option value="toast">Toast (bottom-right corner)</option>
            <option value="modal">Modal (centre of the page)</option>
          </SelectField>
          <ErrorMessage>{fetcher.data && !fetcher.data.saved ? (errors.form ?? "Please correct the fields above.") : undefined}</ErrorMessage>
          <div className="flex items-center gap-4">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving..." : "Save Notification"}
            </Button>
            <LiveStatus className="text-sm font-semibold text-green-800 dark:text-green-300">{saved ? "Saved!" : ""}</LiveStatus>
          </div>
        </fetcher.Form>
      </section>
    </div>
  );
}
