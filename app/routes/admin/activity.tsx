import { Form, Link } from "react-router";
import { ActivityTimeline } from "~/components/admin/activity-timeline";
import { PageLinks } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { ACTIVITY_PER_PAGE, activityHref, AUDITED_ENTITIES, ENTITY_LABELS, recordHref, recordLabel } from "~/domain/audit";
import { activityQuerySchema } from "~/domain/audit.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { activityPage, activityStaff } from "~/server/audit.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/activity";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const query = activityQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const filter = { entity: query.entity, staffEmail: query.staff };
  const [{ entries, total }, staff] = await Promise.all([activityPage(filter, query.page), activityStaff()]);
  return { entries, total, staff, query, timeZone: config().timeZone };
}

/** Every recorded change (issue 10): who changed what and when, newest first, by kind of record and by staff member. */
export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, total, staff, query, timeZone } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PER_PAGE));
  const filter = { entity: query.entity, staff: query.staff };

  return (
    <div className="space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-4">
        <SelectField label="Record" name="entity" defaultValue={query.entity ?? ""}>
          <option value="">Every kind</option>
          {AUDITED_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {ENTITY_LABELS[entity]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Changed by" name="staff" defaultValue={query.staff ?? ""}>
          <option value="">Anyone</option>
          {staff.map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>

      <h2 id="activity-heading" className="font-display text-xl font-semibold">
        {total === 1 ? "1 change" : `${total.toLocaleString("en-KE")} changes`}
      </h2>
      {entries.length === 0 ? (
        <p>No changes recorded{query.entity || query.staff ? " for these filters" : " yet"}.</p>
      ) : (
        <ActivityTimeline
          entries={entries}
          timeZone={timeZone}
          labelledBy="activity-heading"
          record={(entry) => {
            const label = recordLabel(entry.entity, entry.entityId, entry.recordName);
            const href = recordHref(entry.entity, entry.entityId);
            return href && entry.action !== "delete" ? (
              <Link to={href} className="font-semibold underline">
                {label}
              </Link>
            ) : (
              <span className="font-semibold">{label}</span>
            );
          }}
        />
      )}
      <PageLinks page={Math.min(query.page, pageCount)} pageCount={pageCount} href={(page) => activityHref(filter, page)} noun="changes" />
    </div>
  );
}
