import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { db } from "./db/database.server";
import { orders } from "./db/schema.server";
import { type ShopEvent, subscribe } from "./events.server";
import { createRider, deleteRider, listRiders, updateRider } from "./riders.server";

test("riders list by name, and are added and edited", async () => {
  const zawadi = await createRider({ name: "Zawadi Njeri", phone: "+254733111222" });
  const amani = await createRider({ name: "Amani Kiprop", phone: "+254744333444" });
  expect(await listRiders()).toEqual([
    { id: amani, name: "Amani Kiprop", phone: "+254744333444" },
    { id: zawadi, name: "Zawadi Njeri", phone: "+254733111222" },
  ]);

  expect(await updateRider(zawadi, { name: "Zawadi N.", phone: "+255712000111" })).toBe(true);
  expect((await listRiders()).find((r) => r.id === zawadi)).toEqual({ id: zawadi, name: "Zawadi N.", phone: "+255712000111" });
  expect(await updateRider("no-such-rider", { name: "Nobody", phone: "+254700000000" })).toBe(false);
});

test("deleting a rider keeps the orders they delivered, without a rider, and tells open pages", async () => {
  const rider = await createRider({ name: "Baraka Ochieng", phone: "+254755666777" });
  await (await db()).insert(orders).values({
    id: "order-with-baraka",
    trackingId: "AFBRIDER0001",
    clientName: "Achieng Otieno",
    clientAddress: "Kimathi Street, Nairobi",
    clientPhone: "+254712345678",
    totalCents: 5_800_00,
    paymentMethod: "M-Pesa",
    status: "Delivered",
    paymentStatus: "Paid",
    riderId: rider,
  });
  const heard: ShopEvent[] = [];
  const unsubscribe = await subscribe(["riders", "orders"], (event) => heard.push(event));

  await deleteRider(rider);

  expect((await listRiders()).map((r) => r.id)).not.toContain(rider);
  const [order] = await (await db()).select().from(orders).where(eq(orders.id, "order-with-baraka"));
  expect(order).toMatchObject({ riderId: null, status: "Delivered", paymentStatus: "Paid", totalCents: 5_800_00 });
  await vi.waitFor(() => expect(heard).toEqual([{ topic: "riders", id: rider }, { topic: "orders" }]));
  unsubscribe();
});

test("deleting a rider that is already gone changes nothing and announces nothing", async () => {
  const heard: ShopEvent[] = [];
  const unsubscribe = await subscribe(["riders"], (event) => heard.push(event));
  await deleteRider("no-such-rider");
  const witness = await createRider({ name: "Witness Rider", phone: "+254766777888" });
  await vi.waitFor(() => expect(heard).toEqual([{ topic: "riders", id: witness }]));
  unsubscribe();
});
