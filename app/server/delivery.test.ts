import { expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import type { DeliveryOptionDetails } from "~/domain/delivery.schema";
import { timelineOf } from "./audit.server";
import {
  createDeliveryOption,
  deleteDeliveryOption,
  deliveryChoices,
  listDeliveryOptions,
  moveDeliveryOption,
  switchDeliveryOption,
  updateDeliveryOption,
} from "./delivery.server";

const OWNER = staffActor("owner@duka.test");
const DEVELOPER = staffActor("dev@duka.test");

const zone = (name: string, feeCents = 250_00, freeFromCents: number | null = null): DeliveryOptionDetails => ({
  kind: "zone",
  name,
  areas: `${name} and around`,
  deliveryTime: "Same day",
  feeCents,
  freeFromCents,
});
const pickUp = (name: string, feeCents = 0): DeliveryOptionDetails => ({
  kind: "pick-up",
  name,
  directions: `${name}, ground floor`,
  openingHours: "Mon–Sat 9:00–18:00",
  feeCents,
});

/** Names only: what each test adds, in the order the page and checkout show it. */
const listed = async () => (await listDeliveryOptions()).map((row) => row.name);
const offered = async () => (await deliveryChoices()).map((choice) => choice.name);
const row = async (id: string) => (await listDeliveryOptions()).find((each) => each.id === id);

/** Leaves the shop with none, so each test starts from an empty page. */
async function deleteEveryOption() {
  for (const each of await listDeliveryOptions()) await deleteDeliveryOption(each.id, OWNER);
}

test("zones and pick-up points are added switched on, zones listed first, each kind in the order added", async () => {
  await deleteEveryOption();
  expect(await deliveryChoices()).toEqual([]);
  const moi = await createDeliveryOption(pickUp("Moi Avenue shop"), OWNER);
  const cbd = await createDeliveryOption(zone("Nairobi CBD", 250_00, 6_000_00), OWNER);
  const sarit = await createDeliveryOption(pickUp("Sarit Centre stall", 100_00), OWNER);
  const mombasa = await createDeliveryOption(zone("Mombasa", 600_00), DEVELOPER);

  expect(await listDeliveryOptions()).toEqual([
    {
      id: cbd,
      kind: "zone",
      name: "Nairobi CBD",
      areas: "Nairobi CBD and around",
      deliveryTime: "Same day",
      directions: "",
      openingHours: "",
      feeCents: 250_00,
      freeFromCents: 6_000_00,
      payOnDelivery: false,
      payOnDeliveryUpToCents: null,
      isActive: true,
      position: 1,
      version: 1,
    },
    expect.objectContaining({ id: mombasa, kind: "zone", position: 2, version: 1, isActive: true }),
    {
      id: moi,
      kind: "pick-up",
      name: "Moi Avenue shop",
      areas: "",
      deliveryTime: "",
      directions: "Moi Avenue shop, ground floor",
      openingHours: "Mon–Sat 9:00–18:00",
      feeCents: 0,
      freeFromCents: null,
      payOnDelivery: false,
      payOnDeliveryUpToCents: null,
      isActive: true,
      position: 1,
      version: 1,
    },
    expect.objectContaining({ id: sarit, kind: "pick-up", feeCents: 100_00, position: 2 }),
  ]);
  // The cache filled before these were added was dropped by each addition.
  expect(await deliveryChoices()).toEqual([
    {
      kind: "zone",
      id: cbd,
      name: "Nairobi CBD",
      feeCents: 250_00,
      freeFromCents: 6_000_00,
      payOnDelivery: null,
      areas: "Nairobi CBD and around",
      deliveryTime: "Same day",
      directions: "",
      openingHours: "",
    },
    expect.objectContaining({ kind: "zone", id: mombasa }),
    expect.objectContaining({ kind: "pick-up", id: moi, feeCents: 0, directions: "Moi Avenue shop, ground floor" }),
    expect.objectContaining({ kind: "pick-up", id: sarit }),
  ]);
  expect((await timelineOf("delivery", mombasa)).map(({ staffEmail, action, after }) => ({ staffEmail, action, after }))).toEqual([
    {
      staffEmail: "dev@duka.test",
      action: "create",
      after: {
        kind: "zone",
        name: "Mombasa",
        areas: "Mombasa and around",
        deliveryTime: "Same day",
        feeCents: 600_00,
        freeFromCents: null,
        payOnDelivery: false,
        payOnDeliveryUpToCents: null,
      },
    },
  ]);
});

test("an edit from a form opened at the current version saves and moves the version on; one from an older form changes nothing", async () => {
  await deleteEveryOption();
  const cbd = await createDeliveryOption(zone("Nairobi CBD", 250_00, 6_000_00), OWNER);
  expect(await offered()).toEqual(["Nairobi CBD"]);

  expect(await updateDeliveryOption(cbd, zone("Nairobi CBD", 300_00, null), 1, DEVELOPER)).toBe("saved");
  expect(await row(cbd)).toMatchObject({ feeCents: 300_00, freeFromCents: null, version: 2 });
  expect((await deliveryChoices())[0]).toMatchObject({ feeCents: 300_00, freeFromCents: null });

  // A colleague's form, opened at version 1, is refused: nothing of it is written, and it is not on record.
  expect(await updateDeliveryOption(cbd, zone("CBD and Westlands", 400_00, 9_000_00), 1, OWNER)).toBe("changed-meanwhile");
  expect(await row(cbd)).toMatchObject({ name: "Nairobi CBD", feeCents: 300_00, freeFromCents: null, version: 2 });
  expect((await deliveryChoices())[0]).toMatchObject({ name: "Nairobi CBD", feeCents: 300_00 });

  // A zone's form cannot turn a pick-up point into a zone, and an option deleted meanwhile is gone.
  const moi = await createDeliveryOption(pickUp("Moi Avenue shop"), OWNER);
  expect(await updateDeliveryOption(moi, zone("Moi Avenue"), 1, OWNER)).toBe("missing");
  expect(await row(moi)).toMatchObject({ kind: "pick-up", name: "Moi Avenue shop", version: 1 });
  expect(await updateDeliveryOption("no-such-option", zone("Nowhere"), 1, OWNER)).toBe("missing");

  expect(
    (await timelineOf("delivery", cbd)).map(({ staffEmail, action, before, after }) => ({ staffEmail, action, before, after })),
  ).toEqual([
    expect.objectContaining({ staffEmail: "owner@duka.test", action: "create" }),
    {
      staffEmail: "dev@duka.test",
      action: "update",
      before: { feeCents: 250_00, freeFromCents: 6_000_00 },
      after: { feeCents: 300_00, freeFromCents: null },
    },
  ]);
});

test("switched off, an option leaves checkout at once and stays on the page; switched on, it comes back in its place", async () => {
  await deleteEveryOption();
  const cbd = await createDeliveryOption(zone("Nairobi CBD"), OWNER);
  const moi = await createDeliveryOption(pickUp("Moi Avenue shop"), OWNER);
  // Read once, so the answer below is the cache's, dropped by the switch.
  expect(await offered()).toEqual(["Nairobi CBD", "Moi Avenue shop"]);

  expect(await switchDeliveryOption(moi, false, 1, DEVELOPER)).toBe("saved");
  expect(await offered()).toEqual(["Nairobi CBD"]);
  expect(await row(moi)).toMatchObject({ isActive: false, version: 2 });
  expect(await listed()).toEqual(["Nairobi CBD", "Moi Avenue shop"]);

  // A switch from a page loaded before is refused like any stale form.
  expect(await switchDeliveryOption(moi, true, 1, OWNER)).toBe("changed-meanwhile");
  expect(await offered()).toEqual(["Nairobi CBD"]);
  expect(await switchDeliveryOption("no-such-option", true, 1, OWNER)).toBe("missing");

  await switchDeliveryOption(cbd, false, 1, OWNER);
  expect(await deliveryChoices()).toEqual([]);
  expect(await switchDeliveryOption(moi, true, 2, OWNER)).toBe("saved");
  expect(await offered()).toEqual(["Moi Avenue shop"]);
  await switchDeliveryOption(cbd, true, 2, OWNER);
  expect(await offered()).toEqual(["Nairobi CBD", "Moi Avenue shop"]);

  expect(
    (await timelineOf("delivery", moi)).map(({ staffEmail, action, before, after }) => ({ staffEmail, action, before, after })),
  ).toEqual([
    expect.objectContaining({ staffEmail: "owner@duka.test", action: "create" }),
    { staffEmail: "dev@duka.test", action: "update", before: { isActive: true }, after: { isActive: false } },
    { staffEmail: "owner@duka.test", action: "update", before: { isActive: false }, after: { isActive: true } },
  ]);
});

test("moving swaps an option with its neighbour of the same kind, moves both versions on, and is on record", async () => {
  await deleteEveryOption();
  const cbd = await createDeliveryOption(zone("Nairobi CBD"), OWNER);
  const westlands = await createDeliveryOption(zone("Westlands"), OWNER);
  const mombasa = await createDeliveryOption(zone("Mombasa"), OWNER);
  const moi = await createDeliveryOption(pickUp("Moi Avenue shop"), OWNER);
  const sarit = await createDeliveryOption(pickUp("Sarit Centre stall"), OWNER);
  expect(await offered()).toEqual(["Nairobi CBD", "Westlands", "Mombasa", "Moi Avenue shop", "Sarit Centre stall"]);

  await moveDeliveryOption(mombasa, "up", DEVELOPER);
  expect(await listed()).toEqual(["Nairobi CBD", "Mombasa", "Westlands", "Moi Avenue shop", "Sarit Centre stall"]);
  expect(await offered()).toEqual(["Nairobi CBD", "Mombasa", "Westlands", "Moi Avenue shop", "Sarit Centre stall"]);
  expect(await row(mombasa)).toMatchObject({ position: 2, version: 2 });
  expect(await row(westlands)).toMatchObject({ position: 3, version: 2 });
  expect(await row(cbd)).toMatchObject({ position: 1, version: 1 });
  // A form opened on the neighbour before the move is refused: the move changed it too.
  expect(await updateDeliveryOption(westlands, zone("Westlands", 999_00), 1, OWNER)).toBe("changed-meanwhile");

  await moveDeliveryOption(cbd, "down", OWNER);
  expect(await listed()).toEqual(["Mombasa", "Nairobi CBD", "Westlands", "Moi Avenue shop", "Sarit Centre stall"]);

  // At an end of its kind an option stays put: the first pick-up point never goes above the last zone.
  await moveDeliveryOption(moi, "up", OWNER);
  await moveDeliveryOption(westlands, "down", OWNER);
  await moveDeliveryOption("no-such-option", "up", OWNER);
  expect(await listed()).toEqual(["Mombasa", "Nairobi CBD", "Westlands", "Moi Avenue shop", "Sarit Centre stall"]);
  expect(await row(moi)).toMatchObject({ position: 1, version: 1 });

  await moveDeliveryOption(sarit, "up", OWNER);
  expect(await offered()).toEqual(["Mombasa", "Nairobi CBD", "Westlands", "Sarit Centre stall", "Moi Avenue shop"]);

  expect(
    (await timelineOf("delivery", mombasa)).map(({ staffEmail, action, before, after }) => ({ staffEmail, action, before, after })),
  ).toEqual([
    expect.objectContaining({ staffEmail: "owner@duka.test", action: "create" }),
    { staffEmail: "dev@duka.test", action: "update", before: { position: 3 }, after: { position: 2 } },
  ]);
  expect(await timelineOf("delivery", moi)).toHaveLength(1);
});

test("a deleted option leaves the page and checkout, and the log keeps what it was", async () => {
  await deleteEveryOption();
  const cbd = await createDeliveryOption(zone("Nairobi CBD", 250_00, 6_000_00), OWNER);
  const moi = await createDeliveryOption(pickUp("Moi Avenue shop"), OWNER);
  expect(await offered()).toEqual(["Nairobi CBD", "Moi Avenue shop"]);

  await deleteDeliveryOption(cbd, DEVELOPER);
  expect(await listed()).toEqual(["Moi Avenue shop"]);
  expect(await offered()).toEqual(["Moi Avenue shop"]);
  expect(await updateDeliveryOption(cbd, zone("Nairobi CBD"), 1, OWNER)).toBe("missing");
  await deleteDeliveryOption(cbd, OWNER);

  const timeline = await timelineOf("delivery", cbd);
  expect(timeline.map(({ staffEmail, action }) => ({ staffEmail, action }))).toEqual([
    { staffEmail: "owner@duka.test", action: "create" },
    { staffEmail: "dev@duka.test", action: "delete" },
  ]);
  expect(timeline[1]!.before).toMatchObject({ name: "Nairobi CBD", feeCents: 250_00, freeFromCents: 6_000_00, isActive: true });

  // A zone added after a delete goes after those left of its kind.
  const westlands = await createDeliveryOption(zone("Westlands"), OWNER);
  expect(await row(westlands)).toMatchObject({ position: 1 });
  await deleteDeliveryOption(moi, OWNER);
  expect(await offered()).toEqual(["Westlands"]);
});

test("a zone allows pay on delivery up to an amount: saved, versioned, logged, and what checkout offers", async () => {
  await deleteEveryOption();
  const cbd = await createDeliveryOption(zone("Nairobi CBD"), OWNER);
  expect((await deliveryChoices())[0]).toMatchObject({ payOnDelivery: null });
  const allowed: DeliveryOptionDetails = {
    kind: "zone",
    name: "Nairobi CBD",
    areas: "Nairobi CBD and around",
    deliveryTime: "Same day",
    feeCents: 250_00,
    freeFromCents: null,
    payOnDelivery: true,
    payOnDeliveryUpToCents: 10_000_00,
  };
  expect(await updateDeliveryOption(cbd, allowed, 1, DEVELOPER)).toBe("saved");
  expect(await row(cbd)).toMatchObject({ payOnDelivery: true, payOnDeliveryUpToCents: 10_000_00, version: 2 });
  expect((await deliveryChoices())[0]).toMatchObject({ payOnDelivery: { upToCents: 10_000_00 } });
  // Switched off, the amount goes with it: it would otherwise come back unseen when allowed again.
  expect(await updateDeliveryOption(cbd, { ...allowed, payOnDelivery: false }, 2, OWNER)).toBe("saved");
  expect(await row(cbd)).toMatchObject({ payOnDelivery: false, payOnDeliveryUpToCents: null, version: 3 });
  expect(await updateDeliveryOption(cbd, allowed, 2, OWNER)).toBe("changed-meanwhile");
  expect((await timelineOf("delivery", cbd)).slice(1).map(({ staffEmail, before, after }) => ({ staffEmail, before, after }))).toEqual([
    {
      staffEmail: "dev@duka.test",
      before: { payOnDelivery: false, payOnDeliveryUpToCents: null },
      after: { payOnDelivery: true, payOnDeliveryUpToCents: 10_000_00 },
    },
    {
      staffEmail: "owner@duka.test",
      before: { payOnDelivery: true, payOnDeliveryUpToCents: 10_000_00 },
      after: { payOnDelivery: false, payOnDeliveryUpToCents: null },
    },
  ]);
});
