import { asc, count, eq } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import type { RiderDetails } from "~/domain/rider.schema";
import { recordChange } from "./audit.server";
import { db } from "./db/database.server";
import { orders, riders } from "./db/schema.server";
import { publish } from "./events.server";
import { newRecordId } from "./random.server";

export type RiderRow = { id: string; name: string; phone: string; version: number };

/** Every rider, by name. */
export async function listRiders(): Promise<RiderRow[]> {
  return (await db())
    .select({ id: riders.id, name: riders.name, phone: riders.phone, version: riders.version })
    .from(riders)
    .orderBy(asc(riders.name), asc(riders.id));
}

export async function createRider(details: RiderDetails, actor: Actor, now = new Date()): Promise<string> {
  return (await db()).transaction(async (tx) => {
    const id = newRecordId();
    const fields = { name: details.name, phone: details.phone };
    await tx.insert(riders).values({ id, ...fields });
    await recordChange(tx, { actor, entity: "rider", entityId: id, action: "create", after: fields, now });
    await publish(tx, "riders", id);
    return id;
  });
}

export type UpdateRiderResult = "saved" | "missing" | "changed-meanwhile";

/** Saves a rider's name and phone if nobody changed the rider since the form was opened at `version` (decision 031). */
export async function updateRider(id: string, details: RiderDetails, version: number, actor: Actor, now = new Date()): Promise<UpdateRiderResult> {
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select().from(riders).where(eq(riders.id, id)).for("update");
    if (!current) return "missing";
    if (current.version !== version) return "changed-meanwhile";
    const fields = { name: details.name, phone: details.phone };
    await tx
      .update(riders)
      .set({ ...fields, version: current.version + 1 })
      .where(eq(riders.id, id));
    await recordChange(tx, { actor, entity: "rider", entityId: id, action: "update", before: current, after: fields, now });
    await publish(tx, "riders", id);
    return "saved";
  });
}

/**
 * Deletes a rider. The orders they delivered stay, without a rider (the foreign key sets it to null), and
 * open orders pages hear about it too when any order named them.
 */
export async function deleteRider(id: string, actor: Actor, now = new Date()): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    // Locked first, so no dispatch can name this rider between the count and the delete.
    const [rider] = await tx.select({ name: riders.name, phone: riders.phone }).from(riders).where(eq(riders.id, id)).for("update");
    if (!rider) return;
    const [assigned] = await tx.select({ n: count() }).from(orders).where(eq(orders.riderId, id));
    await tx.delete(riders).where(eq(riders.id, id));
    await recordChange(tx, { actor, entity: "rider", entityId: id, action: "delete", before: rider, now });
    await publish(tx, "riders", id);
    if ((assigned?.n ?? 0) > 0) await publish(tx, "orders");
  });
}
