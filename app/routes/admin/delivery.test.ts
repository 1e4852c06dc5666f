import { expect, test } from "vitest";
import { DELIVERY_FEE_MESSAGE, DELIVERY_NAME_REQUIRED, DELIVERY_OPTION_GONE_MESSAGE, FREE_FROM_MESSAGE } from "~/domain/delivery.schema";
import { timelineOf } from "~/server/audit.server";
import { deliveryChoices, listDeliveryOptions } from "~/server/delivery.server";
import * as delivery from "./delivery";
import { staffForms } from "../../../tests/setup/staff-forms";

// The Delivery page's action, as the page's forms post to it: what it saves, and what it answers when it saves nothing.

const { cookies, post, answer, load } = staffForms(delivery, "/admin/delivery", "delivery.test");
const named = async (name: string) => (await listDeliveryOptions()).find((row) => row.name === name)!;

const CHANGED =
  "This delivery option was changed by someone else since you opened it. Your changes are still in the form; reload to see theirs.";
const ZONE = {
  intent: "create-zone",
  name: "Nairobi CBD",
  areas: "CBD, Upper Hill",
  fee: "250",
  freeFrom: "6,000",
  deliveryTime: "Same day",
};

test("both roles add zones and pick-up points; the page lists them; each is on record with who added it", async () => {
  expect(await answer(ZONE)).toEqual({ ok: true, errors: {}, status: 200 });
  expect(
    await answer(
      { intent: "create-pick-up", name: "Moi Avenue shop", directions: "Moi Avenue", openingHours: "9–6", fee: "" },
      cookies.developer,
    ),
  ).toEqual({
    ok: true,
    errors: {},
    status: 200,
  });
  const page = (await load()) as {
    options: { name: string; feeCents: number; freeFromCents: number | null }[];
  };
  expect(page.options.map(({ name, feeCents, freeFromCents }) => ({ name, feeCents, freeFromCents }))).toEqual([
    { name: "Nairobi CBD", feeCents: 250_00, freeFromCents: 6_000_00 },
    { name: "Moi Avenue shop", feeCents: 0, freeFromCents: null },
  ]);
  expect((await timelineOf("delivery", (await named("Moi Avenue shop")).id))[0]).toMatchObject({
    staffEmail: "dev@delivery.test",
    action: "create",
  });
});

test("a form with mistakes is refused with 400 and a message beside each field, and saves nothing", async () => {
  const before = await listDeliveryOptions();
  expect(await answer({ intent: "create-zone", name: "  ", fee: "-5", freeFrom: "0", areas: "", deliveryTime: "" })).toEqual({
    ok: false,
    errors: { name: DELIVERY_NAME_REQUIRED, fee: DELIVERY_FEE_MESSAGE, freeFrom: FREE_FROM_MESSAGE },
    status: 400,
  });
  expect(await answer({ intent: "create-pick-up", name: "Sarit", fee: "12.5" })).toMatchObject({
    errors: { fee: DELIVERY_FEE_MESSAGE },
    status: 400,
  });
  // What is not a field of the form (a stale page's missing version, an unknown intent) is said for the whole form.
  const { id } = await named("Nairobi CBD");
  expect(await answer({ ...ZONE, intent: "update-zone", id })).toMatchObject({
    ok: false,
    errors: { form: expect.any(String) },
    status: 400,
  });
  expect(await answer({ intent: "rename", id })).toMatchObject({ ok: false, errors: { form: expect.any(String) }, status: 400 });
  expect(await listDeliveryOptions()).toEqual(before);
});

test("an edit or a switch from a page opened before a colleague's change is refused with 409; one of a deleted option with 404", async () => {
  const { id, version } = await named("Nairobi CBD");
  expect(await answer({ ...ZONE, intent: "update-zone", id, version: String(version), fee: "300" }, cookies.developer)).toMatchObject({
    ok: true,
  });
  expect(await answer({ ...ZONE, intent: "update-zone", id, version: String(version), fee: "400" })).toEqual({
    ok: false,
    errors: { form: CHANGED },
    status: 409,
  });
  expect(await answer({ intent: "switch", id, version: String(version), active: "off" })).toMatchObject({ status: 409 });
  expect(await named("Nairobi CBD")).toMatchObject({ feeCents: 300_00, isActive: true, version: version + 1 });

  expect(await answer({ intent: "switch", id, version: String(version + 1), active: "off" })).toMatchObject({ ok: true });
  expect((await deliveryChoices()).map((choice) => choice.name)).toEqual(["Moi Avenue shop"]);

  const moi = await named("Moi Avenue shop");
  expect(await answer({ intent: "move", id: moi.id, direction: "up" })).toMatchObject({ ok: true });
  expect(await answer({ intent: "delete", id: moi.id })).toMatchObject({ ok: true });
  expect(await answer({ intent: "update-pick-up", id: moi.id, version: String(moi.version), name: "Moi Avenue shop", fee: "50" })).toEqual({
    ok: false,
    errors: { form: DELIVERY_OPTION_GONE_MESSAGE },
    status: 404,
  });
  expect(await answer({ intent: "switch", id: moi.id, version: String(moi.version), active: "on" })).toMatchObject({ status: 404 });
  expect(await answer({ intent: "delete", id: id })).toMatchObject({ ok: true });
  expect(await listDeliveryOptions()).toEqual([]);
});

test("a signed-out post is sent to sign in and changes nothing", async () => {
  const thrown = await post(ZONE, "").catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  expect(await listDeliveryOptions()).toEqual([]);
});

test("a zone's ticked counties are kept with its other places, and an edit shows them ticked again", async () => {
  const fields = { ...ZONE, name: "Central Kenya", areas: "Thika town", "county:Nyeri": "on", "county:Kiambu": "on" };
  expect(await answer(fields)).toEqual({ ok: true, errors: {}, status: 200 });
  const zone = await named("Central Kenya");
  expect(zone.areas).toBe("Kiambu, Nyeri, Thika town");

  // Unticking Nyeri (an unticked box posts nothing) keeps Kiambu; a county typed into Areas counts as ticked.
  const update = {
    ...ZONE,
    intent: "update-zone",
    id: zone.id,
    version: String(zone.version),
    name: "Central Kenya",
    areas: "Thika town, murang'a",
    "county:Kiambu": "on",
  };
  expect(await answer(update)).toEqual({ ok: true, errors: {}, status: 200 });
  expect((await named("Central Kenya")).areas).toBe("Kiambu, Murang'a, Thika town");

  // A county the list does not have is refused, and nothing is saved.
  const later = await named("Central Kenya");
  expect(await answer({ ...update, version: String(later.version), "county:Gotham": "on" })).toEqual({
    ok: false,
    errors: { form: "Please tick counties from the list." },
    status: 400,
  });
  expect((await named("Central Kenya")).version).toBe(later.version);
});
