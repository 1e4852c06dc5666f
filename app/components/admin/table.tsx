import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";

/** The back office's one table: a scrollable frame, a header row of column names, then the rows. */
export function AdminTable({
  columns,
  children,
  caption,
  textOnly = false,
}: {
  /** Column headings; a column named with a leading "›" is right-aligned (actions). */
  columns: readonly string[];
  children: ReactNode;
  caption?: string;
  /** The table holds no links or buttons: its frame takes focus, so a keyboard can scroll it sideways. */
  textOnly?: boolean;
}) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-clay-200 dark:border-earth-800"
      {...(textOnly && { role: "region", "aria-label": caption, tabIndex: 0 })}
    >
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-clay-100 dark:bg-earth-900">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={`px-4 py-3 whitespace-nowrap ${column === "Actions" ? "text-right" : ""}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-clay-200 dark:divide-earth-800">{children}</tbody>
      </table>
    </div>
  );
}

/** A table cell with the table's padding. */
export function Cell({ children, className = "" }: { children?: ReactNode; className?: string }) {
  return <td className={`px-4 py-3 ${className}`}>{children}</td>;
}

/** What a list says when it has nothing in it ('No riders found. Add your first rider!'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-clay-300 p-10 text-center dark:border-earth-700">{children}</p>;
}

/** A row's icon-only action; `label` is its accessible name ("Edit Dresses"). */
export function IconButton({
  label,
  tone = "plain",
  className = "",
  ...button
}: { label: string; tone?: "plain" | "danger" } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label">) {
  const colour = tone === "danger" ? "text-red-700 dark:text-red-300" : "";
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex min-h-10 min-w-10 items-center justify-center rounded-full p-2 hover:bg-clay-100 disabled:opacity-50 dark:hover:bg-earth-800 ${colour} ${className}`}
      {...button}
    />
  );
}

/** The row of actions at the end of a table row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="px-4 py-3">
      <div className="flex justify-end gap-1">{children}</div>
    </td>
  );
}

/** Links to the newer and older pages of a long list, newest first: "Newer sales · Page 2 of 5 · Older sales". */
export function PageLinks({
  page,
  pageCount,
  href,
  noun,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** What the list holds, plural: "sales", "orders", "changes". */
  noun: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-semibold hover:underline">
          {`Newer ${noun}`}
        </Link>
      ) : (
        <span />
      )}
      <span>{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="font-semibold hover:underline">
          {`Older ${noun}`}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
