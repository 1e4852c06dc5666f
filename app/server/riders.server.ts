import { asc, count, eq } from "drizzle-orm";
import type { RiderDetails } from "~/domain/rider.schema";
import { db } from "./db/database.server";
import { orders, riders } from "./db/schema.server";
import { publish } from "./events.server";
import { newRecordId } from "./random.server";

export type RiderRow = { id: string; name: string; phone: string };

/** Every rider, by name. */
export async function listRiders(): Promise<RiderRow[]> {
  return (await db())
    .select({ id: riders.id, name: riders.name, phone: riders.phone })
    .from(riders)
    .orderBy(asc(riders.name), asc(riders.id));
}

export async function createRider(details: RiderDetails): Promise<string> {
  return (await db()).transaction(async (tx) => {
    const id = newRecordId();
    await tx.insert(riders).values({ id, name: details.name, phone: details.phone });
    await publish(tx, "riders", id);
    return id;
  });
}

/** Saves a rider's name and phone; false when the rider no longer exists. */
export async function updateRider(id: string, details: RiderDetails): Promise<boolean> {
  return (await db()).transaction(async (tx) => {
    const updated = await tx
      .update(riders)
      .set({ name: details.name, phone: details.phone })
      .where(eq(riders.id, id))
      .returning({ id: riders.id });
    if (updated.length > 0) await publish(tx, "riders", id);
    return updated.length > 0;
  });
}

/**
 * Deletes a rider. The orders they delivered stay, without a rider (the foreign key sets it to null), and
 * open orders pages hear about it too when any order named them.
 */
export async function deleteRider(id: string): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    // Locked first, so no dispatch can name this rider between the count and the delete.
    const [rider] = await tx.select({ id: riders.id }).from(riders).where(eq(riders.id, id)).for("update");
    if (!rider) return;
    const [assigned] = await tx.select({ n: count() }).from(orders).where(eq(orders.riderId, id));
    await tx.delete(riders).where(eq(riders.id, id));
    await publish(tx, "riders", id);
    if ((assigned?.n ?? 0) > 0) await publish(tx, "orders");
  });
}
