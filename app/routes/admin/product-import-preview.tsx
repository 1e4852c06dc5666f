import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { Figure, Figures } from "~/components/admin/figures";
import { EmptyState } from "~/components/admin/table";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import type { ImportProblem } from "~/domain/catalogue-import/cells";
import { CATALOGUE_FORMAT_NAMES } from "~/domain/catalogue-import/reading";
import {
  type CatalogueImportState,
  IMPORT_BUSY_MESSAGE,
  IMPORT_HAS_PROBLEMS_MESSAGE,
  IMPORT_NOT_FOUND_MESSAGE,
  IMPORT_STATE_LABELS,
  importButtonLabel,
  importOutcome,
  isRunning,
  progressText,
} from "~/domain/catalogue-import-state";
import { catalogueImportIdSchema, confirmImportSchema } from "~/domain/catalogue-transfer.schema";
import { formatCount } from "~/domain/number-format";
import { shopDateTime } from "~/domain/shop-time";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { catalogueImportForPage, confirmCatalogueImport } from "~/server/catalogue-import.server";
import { config } from "~/server/config.server";
import { formFields } from "~/server/form.server";
import type { Route } from "./+types/product-import-preview";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const id = catalogueImportIdSchema.safeParse(params.id);
  const found = id.success ? await catalogueImportForPage(id.data) : undefined;
  if (!found) return data({ entry: null }, { status: 404 });
  const { timeZone } = config();
  const { createdAt, finishedAt, format, ...entry } = found;
  return {
    entry: {
      ...entry,
      format: CATALOGUE_FORMAT_NAMES[format],
      uploaded: shopDateTime(createdAt, timeZone),
      finished: finishedAt && shopDateTime(finishedAt, timeZone),
    },
  };
}

/**
 * Confirming starts the import in the background of this process and answers at once: the page then follows
 * its progress. A second confirmation (another tab, a colleague) changes nothing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = confirmImportSchema.safeParse(formFields(await request.formData()));
  if (!form.success) return data({ error: form.error.issues[0]!.message }, { status: 400 });
  const id = catalogueImportIdSchema.safeParse(params.id);
  const result = id.success ? await confirmCatalogueImport(id.data) : ({ kind: "missing" } as const);
  switch (result.kind) {
    case "missing":
      return data({ error: IMPORT_NOT_FOUND_MESSAGE }, { status: 404 });
    case "busy":
      return data({ error: IMPORT_BUSY_MESSAGE }, { status: 409 });
    case "has-problems":
      return data({ error: IMPORT_HAS_PROBLEMS_MESSAGE }, { status: 409 });
    default:
      return { error: null };
  }
}

/** How often the page reads the import again while it runs. */
const POLL_MS = 1_000;

function ProblemList({ id, title, intro, problems }: { id: string; title: string; intro: string; problems: ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="font-display text-lg font-semibold">
        {`${title} (${formatCount(problems.length)})`}
      </h2>
      <p className="text-sm">{intro}</p>
      <ul className="list-disc space-y-1 pl-6 text-sm break-words">
        {problems.map((problem, i) => (
          <li key={i}>{problem.message}</li>
        ))}
      </ul>
    </section>
  );
}

/** What the import is doing, in words a screen reader hears when it changes. */
function stateAnnouncement(state: CatalogueImportState, outcome: string, error: string | null): string {
  switch (state) {
    case "importing images":
      return "Importing: fetching the products' images.";
    case "writing":
      return "Importing: writing the products.";
    case "done":
      return outcome;
    case "failed":
      return error ?? "The import failed.";
    case "previewed":
      return "";
  }
}

export default function ImportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { entry } = loaderData;
  const { revalidate } = useRevalidator();
  const confirming = useNavigation().state !== "idle";
  const running = entry !== null && isRunning(entry.state);
  const statusHeading = useRef<HTMLHeadingElement>(null);
  const shownState = useRef(entry?.state);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidate]);

  // The confirm button goes away once the import starts, and the progress gives way to the outcome: focus
  // moves to the heading that says where the import stands, rather than falling to the page.
  useEffect(() => {
    if (entry && shownState.current !== entry.state) statusHeading.current?.focus();
    shownState.current = entry?.state;
  }, [entry]);

  if (!entry) {
    return (
      <div className="space-y-4">
        <EmptyState>{IMPORT_NOT_FOUND_MESSAGE}</EmptyState>
        <Link to="/admin/products/import" className={buttonClass("secondary")}>
          Import a file
        </Link>
      </div>
    );
  }

  const toWrite = entry.created + entry.updated;
  const blocking = entry.problems.filter((problem) => problem.blocking);
  const notes = entry.problems.filter((problem) => !problem.blocking);
  const finished = entry.state === "done";
  const outcome = importOutcome(entry);

  return (
    <div className="space-y-8">
      <Link to="/admin/products/import" className="text-sm font-semibold hover:underline">
        ← Import
      </Link>
      <p className="text-sm break-all">
        <strong>{entry.fileName}</strong>
        {` · ${entry.format} format · ${formatCount(entry.rowsTotal)} rows · uploaded by ${entry.staffEmail}, ${entry.uploaded}`}
      </p>

      <section aria-labelledby="import-state" className="space-y-4">
        <h2 id="import-state" ref={statusHeading} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
          {entry.state === "previewed" ? "Preview: nothing has been imported yet" : IMPORT_STATE_LABELS[entry.state]}
        </h2>
        <LiveStatus className={entry.state === "done" ? "font-semibold" : "sr-only"}>
          {stateAnnouncement(entry.state, outcome, entry.error)}
        </LiveStatus>

        {running && (
          <div className="max-w-xl space-y-1">
            <label htmlFor="import-progress" className="block text-sm font-semibold">
              {entry.state === "writing" ? "Writing the products (a few seconds)" : "Rows done"}
            </label>
            {entry.state === "writing" ? (
              <progress id="import-progress" max={entry.rowsTotal} className="w-full" />
            ) : (
              <progress id="import-progress" max={entry.rowsTotal} value={entry.rowsDone} className="w-full" />
            )}
            <p className="text-sm">{progressText(entry.rowsDone, entry.rowsTotal)}</p>
            <p className="text-sm">You can leave this page: the import carries on, and this address shows how it went.</p>
          </div>
        )}
        {entry.state === "failed" && <ErrorMessage>{entry.error}</ErrorMessage>}
        {finished && (
          <Link to="/admin/products" className={buttonClass("secondary")}>
            View products
          </Link>
        )}

        <Figures>
          <Figure compact label={finished ? "Created" : "To create"}>
            {formatCount(entry.created)}
          </Figure>
          <Figure compact label={finished ? "Updated" : "To update"}>
            {formatCount(entry.updated)}
          </Figure>
          <Figure compact label="Unchanged (skipped)">
            {formatCount(entry.unchanged)}
          </Figure>
          <Figure compact label="Rows with problems">
            {formatCount(entry.rowsWithProblems)}
          </Figure>
        </Figures>
        {entry.newCategories.length > 0 && (
          <p className="text-sm">
            {finished ? "Categories created: " : "Categories to create: "}
            <strong>{entry.newCategories.join(", ")}</strong>
          </p>
        )}

        {entry.state === "previewed" &&
          (entry.rowsWithProblems > 0 ? (
            <p className="font-semibold">{IMPORT_HAS_PROBLEMS_MESSAGE}</p>
          ) : toWrite > 0 ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="confirm" />
              <ErrorMessage>{confirming ? undefined : (actionData?.error ?? undefined)}</ErrorMessage>
              <Button type="submit" disabled={confirming}>
                {confirming ? "Starting..." : importButtonLabel(toWrite)}
              </Button>
            </Form>
          ) : (
            <p className="font-semibold">Nothing will change: every product in this file is already in the shop as the file describes it.</p>
          ))}
      </section>

      {entry.problemCount > entry.problems.length && (
        <p className="text-sm">{`The first ${formatCount(entry.problems.length)} of ${formatCount(entry.problemCount)} problems are listed.`}</p>
      )}
      <ProblemList id="import-problems" title="Problems" intro="Each of these rows stops the import until it is fixed in the file." problems={blocking} />
      <ProblemList
        id="import-notes"
        title="Notes"
        intro="These do not stop a product from coming in: it is imported without what the note names."
        problems={notes}
      />
    </div>
  );
}
