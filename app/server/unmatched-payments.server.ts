import { count, eq } from "drizzle-orm";
import { db } from "./db/database.server";
import { payments } from "./db/schema.server";

/** How many M-Pesa payments wait for staff under Orders → Unmatched payments (a partial index holds them). */
export async function unmatchedPaymentCount(): Promise<number> {
  const [row] = await (await db()).select({ n: count() }).from(payments).where(eq(payments.state, "unmatched"));
  return row?.n ?? 0;
}
