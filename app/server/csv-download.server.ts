/** A CSV file for the browser to save under `fileName`: every export and report download answers with this. */
export function csvDownload(fileName: string, csv: string): Response {
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` },
  });
}
