import { and, asc, desc, eq, gt, lt, max, sql } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import type { DeliveryOption } from "~/domain/delivery";
import type { DeliveryOptionDetails } from "~/domain/delivery.schema";
import { recordChange } from "./audit.server";
import { db } from "./db/database.server";
import { deliveryOptions } from "./db/schema.server";
import { publish } from "./events.server";
import { liveCache } from "./live-cache.server";
import { newRecordId } from "./random.server";

// Delivery zones and pick-up points (issue 23, decision 053): staff keep them on the Delivery page; checkout offers
// those switched on, zones first, each kind in the order staff gave it.

const COLUMNS = {
  id: deliveryOptions.id,
  kind: deliveryOptions.kind,
  name: deliveryOptions.name,
  areas: deliveryOptions.areas,
  deliveryTime: deliveryOptions.deliveryTime,
  directions: deliveryOptions.directions,
  openingHours: deliveryOptions.openingHours,
  feeCents: deliveryOptions.feeCents,
  freeFromCents: deliveryOptions.freeFromCents,
  payOnDelivery: deliveryOptions.payOnDelivery,
  payOnDeliveryUpToCents: deliveryOptions.payOnDeliveryUpToCents,
  isActive: deliveryOptions.isActive,
  position: deliveryOptions.position,
  version: deliveryOptions.version,
};

export type DeliveryOptionRow = {
  id: string;
  kind: "zone" | "pick-up";
  name: string;
  areas: string;
  deliveryTime: string;
  directions: string;
  openingHours: string;
  feeCents: number;
  freeFromCents: number | null;
  payOnDelivery: boolean;
  payOnDeliveryUpToCents: number | null;
  isActive: boolean;
  position: number;
  version: number;
};

// Zones first, then pick-up points, each kind in the order staff gave it.
const listOrder = [sql`case when ${deliveryOptions.kind} = 'zone' then 0 else 1 end`, asc(deliveryOptions.position), asc(deliveryOptions.id)];

/** Every zone and pick-up point, on or off, as the Delivery page lists them. */
export async function listDeliveryOptions(): Promise<DeliveryOptionRow[]> {
  return (await db())
    .select(COLUMNS)
    .from(deliveryOptions)
    .orderBy(...listOrder);
}

/** A choice checkout offers: the rule's option, with what the shopper reads beside it. */
export type DeliveryChoice = DeliveryOption & { areas: string; deliveryTime: string; directions: string; openingHours: string };

const choiceOf = (row: DeliveryOptionRow): DeliveryChoice =>
  row.kind === "zone"
    ? {
        kind: "zone",
        id: row.id,
        name: row.name,
        feeCents: row.feeCents,
        freeFromCents: row.freeFromCents,
        payOnDelivery: row.payOnDelivery ? { upToCents: row.payOnDeliveryUpToCents } : null,
        areas: row.areas,
        deliveryTime: row.deliveryTime,
        directions: "",
        openingHours: "",
      }
    : {
        kind: "pick-up",
        id: row.id,
        name: row.name,
        feeCents: row.feeCents,
        areas: "",
        deliveryTime: "",
        directions: row.directions,
        openingHours: row.openingHours,
      };

// Read by every checkout page and order: kept in memory until staff change an option (decision 053).
const cachedChoices = liveCache<"offered", DeliveryChoice[]>(["delivery"]);

/** What checkout offers: the zones and pick-up points switched on, in the page's order; none when the shop set none. */
export async function deliveryChoices(): Promise<DeliveryChoice[]> {
  return cachedChoices.get("offered", async () => {
    const rows = await (await db())
      .select(COLUMNS)
      .from(deliveryOptions)
      .where(eq(deliveryOptions.isActive, true))
      .orderBy(...listOrder);
    return rows.map(choiceOf);
  });
}

const detailColumns = (details: DeliveryOptionDetails) =>
  details.kind === "zone"
    ? {
        name: details.name,
        areas: details.areas,
        deliveryTime: details.deliveryTime,
        feeCents: details.feeCents,
        freeFromCents: details.freeFromCents,
        payOnDelivery: details.payOnDelivery ?? false,
        payOnDeliveryUpToCents: details.payOnDelivery ? (details.payOnDeliveryUpToCents ?? null) : null,
      }
    : { name: details.name, directions: details.directions, openingHours: details.openingHours, feeCents: details.feeCents };

/** Adds a zone or pick-up point, switched on, after the others of its kind. */
export async function createDeliveryOption(details: DeliveryOptionDetails, actor: Actor, now = new Date()): Promise<string> {
  return (await db()).transaction(async (tx) => {
    const id = newRecordId();
    const [last] = await tx
      .select({ position: max(deliveryOptions.position) })
      .from(deliveryOptions)
      .where(eq(deliveryOptions.kind, details.kind));
    const fields = { kind: details.kind, ...detailColumns(details) };
    await tx.insert(deliveryOptions).values({ id, ...fields, position: (last?.position ?? 0) + 1 });
    await recordChange(tx, { actor, entity: "delivery", entityId: id, action: "create", after: fields, now });
    await publish(tx, "delivery", id);
    return id;
  });
}

export type DeliveryChangeResult = "saved" | "missing" | "changed-meanwhile";

/** Saves a zone's or pick-up point's details if nobody changed it since the form was opened at `version` (decision 031). */
export async function updateDeliveryOption(
  id: string,
  details: DeliveryOptionDetails,
  version: number,
  actor: Actor,
  now = new Date(),
): Promise<DeliveryChangeResult> {
  return changeDeliveryOption(id, version, actor, now, (current) =>
    current.kind === details.kind ? detailColumns(details) : null,
  );
}

/** Switches a zone or pick-up point on or off: off, checkout no longer offers it; orders placed with it keep it. */
export async function switchDeliveryOption(id: string, isActive: boolean, version: number, actor: Actor, now = new Date()): Promise<DeliveryChangeResult> {
  return changeDeliveryOption(id, version, actor, now, () => ({ isActive }));
}

type ChangedColumns = Partial<
  Pick<
    DeliveryOptionRow,
    "name" | "areas" | "deliveryTime" | "directions" | "openingHours" | "feeCents" | "freeFromCents" | "payOnDelivery" | "payOnDeliveryUpToCents" | "isActive"
  >
>;

/** One locked, versioned change of one option, logged and announced; `change` says what to write, or null if nothing may. */
async function changeDeliveryOption(
  id: string,
  version: number,
  actor: Actor,
  now: Date,
  change: (current: DeliveryOptionRow) => ChangedColumns | null,
): Promise<DeliveryChangeResult> {
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select(COLUMNS).from(deliveryOptions).where(eq(deliveryOptions.id, id)).for("update");
    if (!current) return "missing";
    if (current.version !== version) return "changed-meanwhile";
    const fields = change(current);
    if (!fields) return "missing";
    await tx
      .update(deliveryOptions)
      .set({ ...fields, version: current.version + 1 })
      .where(eq(deliveryOptions.id, id));
    await recordChange(tx, { actor, entity: "delivery", entityId: id, action: "update", before: current, after: fields, now });
    await publish(tx, "delivery", id);
    return "saved";
  });
}

/**
 * Moves a zone or pick-up point one place up or down among those of its kind, by swapping places with its neighbour.
 * Both are locked and both versions move on, so a form opened on either before the move is refused as stale.
 */
export async function moveDeliveryOption(id: string, direction: "up" | "down", actor: Actor, now = new Date()): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    const [current] = await tx.select(COLUMNS).from(deliveryOptions).where(eq(deliveryOptions.id, id)).for("update");
    if (!current) return;
    const [neighbour] = await tx
      .select(COLUMNS)
      .from(deliveryOptions)
      .where(
        and(
          eq(deliveryOptions.kind, current.kind),
          direction === "up" ? lt(deliveryOptions.position, current.position) : gt(deliveryOptions.position, current.position),
        ),
      )
      .orderBy(direction === "up" ? desc(deliveryOptions.position) : asc(deliveryOptions.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    for (const [row, position] of [
      [current, neighbour.position],
      [neighbour, current.position],
    ] as const) {
      await tx
        .update(deliveryOptions)
        .set({ position, version: row.version + 1 })
        .where(eq(deliveryOptions.id, row.id));
    }
    await recordChange(tx, {
      actor,
      entity: "delivery",
      entityId: id,
      action: "update",
      before: { position: current.position },
      after: { position: neighbour.position },
      now,
    });
    await publish(tx, "delivery", id);
  });
}

/** Deletes a zone or pick-up point. Orders placed with it keep its name and fee: they are copied onto each order. */
export async function deleteDeliveryOption(id: string, actor: Actor, now = new Date()): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    const [current] = await tx.select(COLUMNS).from(deliveryOptions).where(eq(deliveryOptions.id, id)).for("update");
    if (!current) return;
    await tx.delete(deliveryOptions).where(eq(deliveryOptions.id, id));
    await recordChange(tx, { actor, entity: "delivery", entityId: id, action: "delete", before: current, now });
    await publish(tx, "delivery", id);
  });
}
