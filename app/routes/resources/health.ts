import { sql } from "drizzle-orm";
import { db } from "~/server/db/database.server";

/** For load balancers and uptime checks: 200 when the database answers, 503 when it does not. */
export async function loader() {
  try {
    await (await db()).execute(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
