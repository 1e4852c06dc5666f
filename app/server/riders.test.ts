import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { staffActor } from "~/domain/audit";
import { givenStoredOrder } from "../../tests/setup/builders";
import { timelineOf } from "./audit.server";
import { db } from "./db/database.server";
import { orders } from "./db/schema.server";
import { type ShopEvent, subscribe } from "./events.server";
import { createRider, deleteRider, listRiders, updateRider } from "./riders.server";

const OWNER = staffActor("owner@duka.test");

test("riders list by name, and are added and edited", async () => {
  const zawadi = await createRider({ name: "Zawadi Njeri", phone: "+254733111222" }, OWNER);
  const amani = await createRider({ name: "Amani Kiprop", phone: "+254744333444" }, OWNER);
  expect(await listRiders()).toEqual([
    { id: amani, name: "Amani Kiprop", phone: "+254744333444", version: 1 },
    { id: zawadi, name: "Zawadi Njeri", phone: "+254733111222", version: 1 },
  ]);

  expect(await updateRider(zawadi, { name: "Zawadi N.", phone: "+255712000111" }, 1, OWNER)).toBe("saved");
  expect((await listRiders()).find((r) => r.id === zawadi)).toEqual({ id: zawadi, name: "Zawadi N.", phone: "+255712000111", version: 2 });
  expect(await updateRider("no-such-rider", { name: "Nobody", phone: "+254700000000" }, 1, OWNER)).toBe("missing");
});

test("an edit from a dialog opened before a colleague's edit is refused and changes nothing; both are on record", async () => {
  const rider = await createRider({ name: "Juma Mwangi", phone: "+254711000222" }, OWNER);
  expect(await updateRider(rider, { name: "Juma M.", phone: "+254711000222" }, 1, staffActor("dev@duka.test"))).toBe("saved");
  expect(await updateRider(rider, { name: "Juma", phone: "+254722000333" }, 1, OWNER)).toBe("changed-meanwhile");
  expect((await listRiders()).find((r) => r.id === rider)).toMatchObject({ name: "Juma M.", phone: "+254711000222" });
  expect((await timelineOf("rider", rider)).map(({ staffEmail, action, after }) => ({ staffEmail, action, after }))).toEqual([
    { staffEmail: "owner@duka.test", action: "create", after: { name: "Juma Mwangi", phone: "+254711000222" } },
    { staffEmail: "dev@duka.test", action: "update", after: { name: "Juma M." } },
  ]);
});

test("deleting a rider keeps the orders they delivered, without a rider, and tells open pages", async () => {
  const rider = await createRider({ name: "Baraka Ochieng", phone: "+254755666777" }, OWNER);
  await givenStoredOrder({ id: "order-with-baraka", totalCents: 5_800_00, status: "Delivered", paymentStatus: "Paid", riderId: rider });
  const heard: ShopEvent[] = [];
  const unsubscribe = await subscribe(["riders", "orders"], (event) => heard.push(event));

  await deleteRider(rider, OWNER);

  expect((await listRiders()).map((r) => r.id)).not.toContain(rider);
  const [order] = await (await db()).select().from(orders).where(eq(orders.id, "order-with-baraka"));
  expect(order).toMatchObject({ riderId: null, status: "Delivered", paymentStatus: "Paid", totalCents: 5_800_00 });
  await vi.waitFor(() => expect(heard).toEqual([{ topic: "riders", id: rider }, { topic: "orders" }]));
  unsubscribe();
});

test("deleting a rider that is already gone changes nothing and announces nothing", async () => {
  const heard: ShopEvent[] = [];
  const unsubscribe = await subscribe(["riders"], (event) => heard.push(event));
  await deleteRider("no-such-rider", OWNER);
  const witness = await createRider({ name: "Witness Rider", phone: "+254766777888" }, OWNER);
  await vi.waitFor(() => expect(heard).toEqual([{ topic: "riders", id: witness }]));
  unsubscribe();
});
