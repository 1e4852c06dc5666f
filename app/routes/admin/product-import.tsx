import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminTable, Cell } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { CATALOGUE_FORMAT_NAMES } from "~/domain/catalogue-import/reading";
import { IMPORT_FILE_HINT, IMPORT_STATE_LABELS } from "~/domain/catalogue-import-state";
import { catalogueUploadSchema } from "~/domain/catalogue-transfer.schema";
import { shopDateTime } from "~/domain/shop-time";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { catalogueUploadForm, previewCatalogueImport, recentCatalogueImports } from "~/server/catalogue-import.server";
import { config, shopOrigin } from "~/server/config.server";
import type { Route } from "./+types/product-import";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { timeZone } = config();
  const imports = await recentCatalogueImports();
  return {
    imports: imports.map(({ createdAt, format, ...summary }) => ({
      ...summary,
      format: CATALOGUE_FORMAT_NAMES[format],
      when: shopDateTime(createdAt, timeZone),
    })),
  };
}

/** The upload: read and planned at once, kept as a preview, and shown on its own page. Nothing is imported yet. */
export async function action({ request }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const upload = await catalogueUploadForm(request);
  if (!upload.ok) return data({ error: upload.error }, { status: upload.status });
  const parsed = catalogueUploadSchema.safeParse({ file: upload.form.get("file") ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data({ error: issue.message }, { status: issue.code === "too_big" ? 413 : 400 });
  }
  const { file } = parsed.data;
  const preview = await previewCatalogueImport({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, staff.email, shopOrigin(request));
  if (!preview.ok) return data({ error: preview.error }, { status: 422 });
  return redirect(`/admin/products/import/${preview.id}`);
}

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const { imports } = loaderData;
  const reading = useNavigation().state === "submitting";
  return (
    <div className="space-y-8">
      <Link to="/admin/products" className="text-sm font-semibold hover:underline">
        ← Products
      </Link>
      <Form method="post" encType="multipart/form-data" className="max-w-xl space-y-4" aria-label="Import products">
        <TextField label="CSV file" name="file" type="file" accept=".csv,text/csv" required hint={IMPORT_FILE_HINT} />
        <ErrorMessage>{reading ? undefined : actionData?.error}</ErrorMessage>
        <Button type="submit" disabled={reading}>
          {reading ? "Reading the file..." : "Preview import"}
        </Button>
      </Form>

      {imports.length > 0 && (
        <section aria-labelledby="recent-imports" className="space-y-3">
          <h2 id="recent-imports" className="font-display text-lg font-semibold">
            Recent imports
          </h2>
          <AdminTable columns={["File", "Format", "By", "Uploaded", "State", "Products"]} caption="Recent imports">
            {imports.map((entry) => (
              <tr key={entry.id}>
                <Cell>
                  <Link to={`/admin/products/import/${entry.id}`} className="font-semibold break-all hover:underline">
                    {entry.fileName}
                  </Link>
                </Cell>
                <Cell>{entry.format}</Cell>
                <Cell className="break-all">{entry.staffEmail}</Cell>
                <Cell className="whitespace-nowrap">{entry.when}</Cell>
                <Cell>{IMPORT_STATE_LABELS[entry.state]}</Cell>
                <Cell className="whitespace-nowrap">{`${entry.created} new, ${entry.updated} updated, ${entry.unchanged} unchanged`}</Cell>
              </tr>
            ))}
          </AdminTable>
        </section>
      )}
    </div>
  );
}
