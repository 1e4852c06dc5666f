import { beforeAll, expect, test } from "vitest";
import { givenProduct, givenRider, givenStoredOrder } from "../../tests/setup/builders";
import { searchAdmin } from "./admin-search.server";

// One set of records for the file (its database is its own).
beforeAll(async () => {
  await givenProduct({ id: "s1", name: "Beaded Maasai Necklace", sku: "AFB-NECK-1", images: ["/images/a.webp"] });
  await givenProduct({ id: "s2", name: "Hidden 50% Basket", sku: "AFB-BASK-2", isVisible: false });
  await givenProduct({ id: "s3", name: "Kitenge Dress", sku: "AFB-DRESS-3" });
  for (let n = 0; n < 7; n++) await givenProduct({ id: `b${n}`, name: `Bead Bracelet ${n}`, sku: `AFB-BR-${n}` });
  await givenStoredOrder({
    id: "k7m2xq9pwa3b4c5d6e7f",
    trackingId: "AFBQ7K2M9XPA",
    clientName: "Wanjiru Kamau",
    clientAddress: "Nairobi",
    clientPhone: "+254 712 345 678",
    totalCents: 250_000,
    orderDate: new Date("2026-11-20T10:00:00Z"),
  });
  await givenStoredOrder({
    id: "z9y8x7w6v5u4t3s2r2q2",
    trackingId: "AFBZZZZZZZZZ",
    clientName: "Otieno Odhiambo",
    clientAddress: "Kisumu",
    clientPhone: "+254 700 000 111",
    totalCents: 90_000,
    orderDate: new Date("2026-11-21T10:00:00Z"),
  });
  await givenRider({ id: "r1", name: "Juma Mwangi", phone: "+254 711 222 333" });
  await givenRider({ id: "r2", name: "Achieng Atieno", phone: "+254 722 999 888" });
});

test("finds products by name or SKU, hidden ones too, at most five, with their first image", async () => {
  const byName = await searchAdmin("maasai", "owner");
  expect(byName.products).toEqual([
    {
      id: "s1",
      name: "Beaded Maasai Necklace",
      sku: "AFB-NECK-1",
      image: "/images/a.webp",
    },
  ]);
  expect((await searchAdmin("afb-dress", "owner")).products.map((p) => p.id)).toEqual(["s3"]);
  expect((await searchAdmin("50%", "owner")).products.map((p) => p.id)).toEqual(["s2"]);
  // "bead" is in eight names: five come back.
  expect((await searchAdmin("bead", "owner")).products).toHaveLength(5);
});

test("finds orders by id prefix, tracking id, client name or phone digits, newest first", async () => {
  expect((await searchAdmin("K7M2XQ", "owner")).orders).toEqual([
    {
      id: "k7m2xq9pwa3b4c5d6e7f",
      clientName: "Wanjiru Kamau",
      status: "Pending Payment",
      totalCents: 250_000,
    },
  ]);
  expect((await searchAdmin("afbzzzzzzzzz", "owner")).orders.map((o) => o.clientName)).toEqual(["Otieno Odhiambo"]);
  expect((await searchAdmin("wanjiru", "owner")).orders.map((o) => o.clientName)).toEqual(["Wanjiru Kamau"]);
  expect((await searchAdmin("+254 7", "owner")).orders.map((o) => o.clientName)).toEqual(["Otieno Odhiambo", "Wanjiru Kamau"]);
  expect((await searchAdmin("712345", "owner")).orders.map((o) => o.clientName)).toEqual(["Wanjiru Kamau"]);
});

test("finds riders by name or phone, and admin pages by title for the role", async () => {
  expect((await searchAdmin("juma", "owner")).riders).toEqual([{ id: "r1", name: "Juma Mwangi", phone: "+254 711 222 333" }]);
  expect((await searchAdmin("722 999", "owner")).riders.map((r) => r.name)).toEqual(["Achieng Atieno"]);
  expect((await searchAdmin("settings", "owner")).pages).toEqual([]);
  expect((await searchAdmin("settings", "developer")).pages).toEqual([
    { path: "/admin/settings", title: "Site Settings", icon: "settings" },
  ]);
});

test("fewer than two characters searches nothing", async () => {
  expect(await searchAdmin(" b ", "developer")).toEqual({
    products: [],
    orders: [],
    riders: [],
    pages: [],
  });
});
