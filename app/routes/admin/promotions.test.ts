import { expect, test } from "vitest";
import {
  AMOUNT_MESSAGE,
  CHOOSE_CATEGORIES_MESSAGE,
  CHOOSE_PRODUCTS_MESSAGE,
  CODE_MESSAGE,
  CODE_TAKEN_MESSAGE,
  DATE_MESSAGE,
  ENDS_AFTER_STARTS_MESSAGE,
  MIN_SUBTOTAL_MESSAGE,
  OFFER_NAME_MESSAGE,
  PERCENT_MESSAGE,
  PROMOTION_GONE_MESSAGE,
  USES_MESSAGE,
} from "~/domain/promotions.schema";
import { timelineOf } from "~/server/audit.server";
import { db } from "~/server/db/database.server";
import { orderDiscounts } from "~/server/db/schema.server";
import { listPromotions } from "~/server/promotions.server";
import { givenCategory, givenProduct, givenStoredOrder } from "../../../tests/setup/builders";
import * as promotions from "./promotions";
import { staffForms } from "../../../tests/setup/staff-forms";

// The Promotions page's action, as its forms post to it: what it saves, and what it answers when it saves nothing.

const { cookies, post, answer, load } = staffForms(promotions, "/admin/promotions", "promotions.test");
const page = async () =>
  (await load()) as {
    promotions: Awaited<ReturnType<typeof listPromotions>>;
    categories: { id: string; name: string }[];
    products: { id: string; name: string }[];
    timeZone: string;
  };
const coded = async (code: string) => (await listPromotions()).find((row) => row.code === code)!;
const SAVED = { ok: true, errors: {}, status: 200 };
const CHANGED = "This promotion was changed by someone else since you opened it. Your changes are still in the form; reload to see theirs.";

/** A code giving 10% off everything, without dates or limits, as the Add promotion form posts it. */
const EASTER = { intent: "create", trigger: "code", code: "easter10", name: "", kind: "percent", value: "10", appliesTo: "everything" };

test("staff add a code and an automatic offer; the page lists each with what it gives, its state and its uses; each is on record with who", async () => {
  const baskets = await givenCategory({ name: "Baskets", position: 90 });
  const kanga = await givenProduct({ name: "Kanga Wrap" });
  expect(
    await answer({
      ...EASTER,
      minSubtotal: "2,000",
      startsAt: "2026-04-01T09:30",
      endsAt: "2099-04-10T00:00",
      totalUses: "100",
      usesPerPhone: "1",
      combinesWithAutomatic: "on",
      [`category:${baskets.id}`]: "on",
    }),
  ).toEqual(SAVED);
  expect(
    await answer(
      {
        intent: "create",
        trigger: "automatic",
        code: "IGNORED",
        name: "Madaraka Day sale",
        kind: "amount",
        value: "1,500",
        appliesTo: "products",
        [`product:${kanga.id}`]: "on",
        // A box of the scope not chosen is not kept.
        [`category:${baskets.id}`]: "on",
        combinesWithAutomatic: "on",
      },
      cookies.developer,
    ),
  ).toEqual(SAVED);

  const { promotions, categories, products, timeZone } = await page();
  expect(timeZone).toBe("Africa/Nairobi");
  expect(categories).toContainEqual({ id: baskets.id, name: "Baskets" });
  expect(products).toContainEqual({ id: kanga.id, name: "Kanga Wrap" });
  expect(promotions).toEqual([
    expect.objectContaining({
      code: null,
      name: "Madaraka Day sale",
      kind: "amount",
      value: 1_500_00,
      scope: { kind: "products", productIds: [kanga.id] },
      combinesWithAutomatic: false,
      state: "active",
      uses: 0,
      discountGivenCents: 0,
    }),
    expect.objectContaining({
      code: "EASTER10",
      kind: "percent",
      value: 10,
      // "Applies to" was "everything": the ticked category box is not kept.
      scope: { kind: "everything" },
      minSubtotalCents: 2_000_00,
      // Typed in the shop's time, Nairobi, three hours ahead of UTC.
      startsAt: new Date("2026-04-01T06:30:00Z"),
      endsAt: new Date("2099-04-09T21:00:00Z"),
      totalUses: 100,
      usesPerPhone: 1,
      combinesWithAutomatic: true,
      isActive: true,
      state: "active",
      uses: 0,
      discountGivenCents: 0,
    }),
  ]);
  expect((await timelineOf("promotion", (await coded("EASTER10")).id))[0]).toMatchObject({
    staffEmail: "owner@promotions.test",
    action: "create",
  });
  const offer = promotions[0]!;
  expect((await timelineOf("promotion", offer.id))[0]).toMatchObject({ staffEmail: "dev@promotions.test", action: "create" });

  // An order not cancelled that used the offer counts as a use, with what it took off.
  const order = await givenStoredOrder();
  await (
    await db()
  )
    .insert(orderDiscounts)
    .values({ orderId: order.id, position: 0, promotionId: offer.id, label: offer.name, amountCents: 1_500_00 });
  expect((await page()).promotions[0]).toMatchObject({ uses: 1, discountGivenCents: 1_500_00 });
});

test("a form with mistakes is refused with 400 and each message beside its field, and saves nothing", async () => {
  const before = await listPromotions();
  const category = await givenCategory({ name: "Kikoy", position: 91 });
  expect(await answer({ ...EASTER, code: "E!", value: "0" })).toEqual({
    ok: false,
    errors: { code: CODE_MESSAGE, value: PERCENT_MESSAGE },
    status: 400,
  });
  expect(await answer({ ...EASTER, code: "SPRING", value: "101" })).toMatchObject({ errors: { value: PERCENT_MESSAGE }, status: 400 });
  expect(await answer({ ...EASTER, trigger: "automatic", name: "  " })).toEqual({
    ok: false,
    errors: { name: OFFER_NAME_MESSAGE },
    status: 400,
  });
  expect(await answer({ ...EASTER, code: "SPRING", startsAt: "2026-12-01T10:00", endsAt: "2026-12-01T09:00" })).toEqual({
    ok: false,
    errors: { endsAt: ENDS_AFTER_STARTS_MESSAGE },
    status: 400,
  });
  // "Chosen categories" with none ticked: the boxes of another scope do not count.
  expect(await answer({ ...EASTER, code: "SPRING", appliesTo: "categories", [`product:${category.id}`]: "on" })).toEqual({
    ok: false,
    errors: { appliesTo: CHOOSE_CATEGORIES_MESSAGE },
    status: 400,
  });
  expect(await answer({ ...EASTER, code: "SPRING", kind: "amount", value: "0", appliesTo: "products" })).toEqual({
    ok: false,
    errors: { value: AMOUNT_MESSAGE, appliesTo: CHOOSE_PRODUCTS_MESSAGE },
    status: 400,
  });
  expect(
    await answer({ ...EASTER, code: "SPRING", minSubtotal: "-1", startsAt: "next week", totalUses: "0", usesPerPhone: "1.5" }),
  ).toEqual({
    ok: false,
    errors: { minSubtotal: MIN_SUBTOTAL_MESSAGE, startsAt: DATE_MESSAGE, totalUses: USES_MESSAGE, usesPerPhone: USES_MESSAGE },
    status: 400,
  });
  // What is not a field of the form (an update without its version, an unknown intent) is said for the whole form.
  const { id } = await coded("EASTER10");
  expect(await answer({ ...EASTER, intent: "update", id })).toMatchObject({ ok: false, errors: { form: expect.any(String) }, status: 400 });
  expect(await answer({ intent: "rename", id })).toMatchObject({ ok: false, errors: { form: expect.any(String) }, status: 400 });
  expect(await listPromotions()).toEqual(before);
});

test("a code another promotion has, in any case, is refused beside the code field", async () => {
  const before = await listPromotions();
  expect(await answer({ ...EASTER, code: "Easter10" })).toEqual({ ok: false, errors: { code: CODE_TAKEN_MESSAGE }, status: 400 });
  expect(await answer({ ...EASTER, code: "SPRING" })).toEqual(SAVED);
  const spring = await coded("SPRING");
  expect(await answer({ ...EASTER, intent: "update", id: spring.id, version: String(spring.version), code: " easter10 " })).toEqual({
    ok: false,
    errors: { code: CODE_TAKEN_MESSAGE },
    status: 400,
  });
  expect((await listPromotions()).filter((row) => row.code === "EASTER10")).toEqual(before.filter((row) => row.code === "EASTER10"));
  expect(await coded("SPRING")).toMatchObject({ version: spring.version });
});

test("an edit or a switch from a page opened before a colleague's change is refused with 409; one of a deleted promotion with 404", async () => {
  const { id, version } = await coded("SPRING");
  const edit = { ...EASTER, intent: "update", id, code: "SPRING", value: "15" };
  expect(await answer({ ...edit, version: String(version) }, cookies.developer)).toEqual(SAVED);
  expect(await answer({ ...edit, version: String(version), value: "20" })).toEqual({ ok: false, errors: { form: CHANGED }, status: 409 });
  expect(await answer({ intent: "switch", id, version: String(version), active: "off" })).toEqual({
    ok: false,
    errors: { form: CHANGED },
    status: 409,
  });
  expect(await coded("SPRING")).toMatchObject({ value: 15, isActive: true, state: "active", version: version + 1 });

  // Switched off with the version the page shows, it is listed as off; the log has who did it.
  expect(await answer({ intent: "switch", id, version: String(version + 1), active: "off" })).toEqual(SAVED);
  expect(await coded("SPRING")).toMatchObject({ isActive: false, state: "off", version: version + 2 });
  expect((await timelineOf("promotion", id)).map(({ staffEmail, action, after }) => ({ staffEmail, action, after }))).toEqual([
    expect.objectContaining({ staffEmail: "owner@promotions.test", action: "create" }),
    expect.objectContaining({ staffEmail: "dev@promotions.test", action: "update", after: expect.objectContaining({ value: 15 }) }),
    { staffEmail: "owner@promotions.test", action: "update", after: { isActive: false } },
  ]);

  expect(await answer({ intent: "delete", id }, cookies.developer)).toEqual(SAVED);
  expect(await listPromotions()).not.toContainEqual(expect.objectContaining({ id }));
  expect((await timelineOf("promotion", id)).at(-1)).toMatchObject({ staffEmail: "dev@promotions.test", action: "delete" });
  expect(await answer({ ...edit, version: String(version + 2) })).toEqual({
    ok: false,
    errors: { form: PROMOTION_GONE_MESSAGE },
    status: 404,
  });
  expect(await answer({ intent: "switch", id, version: String(version + 2), active: "on" })).toMatchObject({ status: 404 });
});

test("a signed-out post is sent to sign in and changes nothing", async () => {
  const before = await listPromotions();
  const thrown = await post({ ...EASTER, code: "SIGNEDOUT" }, "").catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  expect(await listPromotions()).toEqual(before);
});
