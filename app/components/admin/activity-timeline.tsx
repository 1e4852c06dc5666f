import type { ReactNode } from "react";
import { actorLabel, type AuditAction, fieldLabel, shownValue } from "~/domain/audit";
import { formatKsh } from "~/domain/money";
import { shopDateTime } from "~/domain/shop-time";

/** One entry of a record's timeline, as `timelineOf` reads it (only what the timeline shows). */
export type TimelineEntry = {
  id: string;
  at: Date;
  staffEmail: string | null;
  service: string | null;
  action: AuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note: string | null;
};

const ACTION_WORDS: Record<AuditAction, string | null> = { create: "Created", update: null, delete: "Deleted" };

/** 'Label: before → after' for a change; 'Label: value' for what a record was created or deleted with. */
function changeLines(entry: TimelineEntry): string[] {
  const shown = (field: string, value: unknown) => shownValue(field, value, formatKsh);
  if (entry.action === "update") {
    return Object.entries(entry.after ?? {}).map(
      ([field, value]) => `${fieldLabel(field)}: ${shown(field, entry.before?.[field])} → ${shown(field, value)}`,
    );
  }
  const fields = (entry.action === "create" ? entry.after : entry.before) ?? {};
  return Object.entries(fields).map(([field, value]) => `${fieldLabel(field)}: ${shown(field, value)}`);
}

/**
 * A record's history (issue 10): each change, oldest first, with when (in the shop's time zone), who made it
 * (a staff member's email, or 'the shop') and what each changed field was before and after.
 */
export function ActivityTimeline<E extends TimelineEntry>({
  entries,
  timeZone,
  labelledBy,
  record,
}: {
  entries: readonly E[];
  timeZone: string;
  /** The id of the heading the list sits under. */
  labelledBy?: string;
  /** Names the record each entry is about, in a list of many records' changes. */
  record?: (entry: E) => ReactNode;
}) {
  if (entries.length === 0) return <p className="text-sm text-earth-700 dark:text-clay-200">No changes recorded yet.</p>;
  return (
    <ol aria-labelledby={labelledBy} className="space-y-3 border-l-2 border-clay-200 pl-4 text-sm dark:border-earth-800">
      {entries.map((entry) => {
        const word = ACTION_WORDS[entry.action];
        return (
          <li key={entry.id}>
            <p>
              <time dateTime={entry.at.toISOString()} className="font-semibold">
                {shopDateTime(entry.at, timeZone)}
              </time>
              {" · "}
              <span>{actorLabel(entry)}</span>
              {word && <span className="font-semibold">{` · ${word}`}</span>}
              {record && <span>{" · "}{record(entry)}</span>}
            </p>
            <ul className="mt-1 space-y-0.5 text-earth-700 dark:text-clay-200">
              {changeLines(entry).map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
            {entry.note && <p className="mt-1 text-earth-700 italic dark:text-clay-200">{entry.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
