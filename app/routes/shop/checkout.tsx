import { randomUUID } from "node:crypto";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useBag } from "~/components/shop/bag";
import { useBagProducts, useBagRestored } from "~/components/shop/bag-products";
import { CheckoutSummary } from "~/components/shop/checkout-summary";
import { Button, buttonClass } from "~/components/ui/button";
import { PhoneField, TextArea, TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import {
  checkoutProblemMessage,
  EMPTY_CHECKOUT_MESSAGE,
  ORDER_FAILED_MESSAGE,
  PAYMENT_METHOD_MESSAGE,
  tooManyCheckoutsMessage,
} from "~/domain/checkout";
import { bagSchema, checkoutSchema } from "~/domain/checkout.schema";
import { MARKETING_CONSENT_LABEL, PRIVACY_NOTICE, PRIVACY_POLICY_LINK_TEXT } from "~/domain/consent";
import type { BagLine } from "~/domain/bag";
import { deliveryOptionLabel, deliveryOptionName, mayPayOnDelivery, orderCharges } from "~/domain/delivery";
import { bagDiscounts, pricedBagLines, type PromotionRule, promotionRefusalMessage, totalDiscountCents } from "~/domain/promotions";
import { PAY_ON_DELIVERY, payOnDeliveryText } from "~/domain/pay-on-delivery";
import { personalPageHeaders } from "~/domain/page-cache";
import { countCheckout } from "~/server/checkout-limit.server";
import { deliveryChoices } from "~/server/delivery.server";
import { fieldErrors } from "~/domain/form-errors";
import { holderOf } from "~/domain/hold-limits";
import { config } from "~/server/config.server";
import { formFields } from "~/server/form.server";
import { productsForBag } from "~/server/catalogue.server";
import { orderIdForKey, placeOrder } from "~/server/orders.server";
import { automaticOffers, checkCode, codesOffered, ruleOf } from "~/server/promotions.server";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/checkout";
import type { ShopPageHandle } from "./layout";
import { log } from "~/server/log.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Checkout | ${matches[1].data.storeName}` }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  const [settings, delivery, offers, codes] = await Promise.all([
    readSiteDocument("settings"),
    deliveryChoices(),
    automaticOffers(),
    codesOffered(),
  ]);
  return {
    // The zones and pick-up points switched on (issue 23): none, and checkout asks nothing about delivery.
    delivery,
    // The automatic offers a bag may get now (issue 24): the summary shows the best; placeOrder decides again.
    offers: offers.map(ruleOf),
    // The Discount code field shows only while the shop has a code a shopper could use.
    codes,
    // One key per visit to this page: resubmitting (a double click, back and retry) finds the same order.
    idempotencyKey: randomUUID(),
    paymentMethods: settings.paymentMethods.filter((m) => m.enabled).map((m) => ({ id: m.id, name: m.name, instructions: m.instructions })),
  };
}

// The page holds this visit's idempotency key, and after a refused attempt everything the shopper typed.
export const headers = personalPageHeaders;

/** What the action answers: the errors and everything typed, and after Apply, the code's rule and the bag it saw. */
type CheckoutAnswer = {
  errors: Record<string, string>;
  problem: string | null;
  values: Record<string, string>;
  applied?: PromotionRule | null;
  /** The posted bag with today's prices, so a page drawn by the server (before or without JavaScript) can show it. */
  posted?: { bag: BagLine[]; products: Awaited<ReturnType<typeof productsForBag>> };
};

/**
 * Apply (issue 24): checks the typed code against the posted bag at today's prices and answers with what it gives, or
 * why not, keeping everything typed. An empty field removes the code. Nothing is written; placing decides again.
 */
async function applyCode(fields: Record<string, string>) {
  const bag = bagSchema.safeParse(fields.bag);
  if (!bag.success)
    return data<CheckoutAnswer>({ errors: { bag: bag.error.issues[0]?.message ?? "" }, problem: null, values: fields }, { status: 400 });
  const products = await productsForBag(bag.data.map((line) => line.productId));
  const posted = { bag: bag.data, products };
  const code = (fields.code ?? "").trim();
  if (!code) return data<CheckoutAnswer>({ errors: {}, problem: null, values: fields, applied: null, posted });
  const lines = pricedBagLines(bag.data, (id) => products.find((product) => product.id === id));
  const verdict = await checkCode(code, lines, orderCharges(lines, null).subtotalCents);
  if (!verdict.ok) {
    return data<CheckoutAnswer>(
      { errors: { code: promotionRefusalMessage(verdict.refusal) }, problem: null, values: fields, applied: null, posted },
      { status: 400 },
    );
  }
  return data<CheckoutAnswer>({
    errors: {},
    problem: null,
    values: { ...fields, code: verdict.rule.code ?? code },
    applied: verdict.rule,
    posted,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData());
  if (fields.intent === "apply-code") return applyCode(fields);
  // A pick-up order needs no address: the pick-up point is where it goes.
  const pickUp = (await deliveryChoices()).find((choice) => choice.kind === "pick-up" && choice.id === fields.delivery);
  if (pickUp && !fields.address?.trim()) fields.address = deliveryOptionName(pickUp);
  const parsed = checkoutSchema.safeParse(fields);
  // Everything typed goes back with the errors, so nothing is lost.
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), problem: null, values: fields }, { status: 400 });
  try {
    // A form sent again after its order went through (a dropped answer) finds that order, counting nowhere.
    const placed = await orderIdForKey(parsed.data.idempotencyKey);
    if (placed) return redirect(`/payment-instructions/${placed}`);
    const counted = await countCheckout(request, { clientAddress: context.clientAddress, phone: parsed.data.phone });
    const headers = new Headers(counted.cookie ? { "Set-Cookie": counted.cookie } : {});
    if (!counted.verdict.allowed) {
      headers.set("Retry-After", String(counted.verdict.retryAfterSeconds));
      const problem = tooManyCheckoutsMessage(counted.verdict.retryAfterSeconds);
      return data({ errors: {}, problem, values: fields }, { status: 429, headers });
    }
    const holder = holderOf(parsed.data.phone, context.clientAddress);
    const result = await placeOrder(parsed.data, new Date(), { holder, limits: config().heldUnits });
    if (!result.ok) {
      const message = checkoutProblemMessage(result.problem);
      // No delivery chosen (or one switched off meanwhile) is the Delivery question's error, beside it.
      if (result.problem.kind === "delivery")
        return data({ errors: { delivery: message }, problem: null, values: fields }, { status: 400, headers });
      // Pay on delivery where it does not apply (a tampered or outdated form) is the Payment method's error.
      if (result.problem.kind === "pay-on-delivery") {
        return data({ errors: { paymentMethod: message }, problem: null, values: fields }, { status: 400, headers });
      }
      // A code that cannot be used (used up meanwhile, this phone's uses spent) is the code field's error.
      if (result.problem.kind === "promotion")
        return data({ errors: { code: message }, problem: null, values: fields, applied: null }, { status: 409, headers });
      return data({ errors: {}, problem: message, values: fields }, { status: 409, headers });
    }
    return redirect(`/payment-instructions/${result.orderId}`, { headers });
  } catch (error) {
    log().error({ err: error }, "Placing an order failed.");
    return data({ errors: {}, problem: ORDER_FAILED_MESSAGE, values: fields }, { status: 500 });
  }
}

/**
 * When the connection drops mid-checkout (patchy mobile data), the shopper keeps the form, everything typed and
 * the same idempotency key, so trying again cannot place a second order even if the first attempt got through.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const typed = Object.fromEntries(await request.clone().formData()) as Record<string, string>;
  try {
    return await serverAction();
  } catch (thrown) {
    // The redirect to the payment page arrives thrown.
    if (thrown instanceof Response) throw thrown;
    return data({ errors: {}, problem: ORDER_FAILED_MESSAGE, values: typed }, { status: 503 });
  }
}

// Nothing here may sit under the floating contact button (issue 23).
export const handle: ShopPageHandle = { contactButtonAtPageEnd: true };

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const restored = useBagRestored();
  const bag = useBag();
  const answer: CheckoutAnswer | undefined = actionData;
  // Drawn by the server after Apply (before or without JavaScript), the page shows the bag the form posted.
  const posted = restored ? undefined : answer?.posted;
  const lines = posted?.bag ?? bag.lines;
  const fetchedProductOf = useBagProducts(lines);
  const productOf = (productId: string) => {
    const fetched = fetchedProductOf(productId);
    return fetched === "loading" && posted ? (posted.products.find((product) => product.id === productId) ?? "gone") : fetched;
  };
  const { clear } = bag;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/checkout";
  const applying = submitting && navigation.formData?.get("intent") === "apply-code";
  const placing = submitting && !applying;
  // The shop redirects to the payment page only once the order is written. The bag is emptied as this page
  // gives way (the effect's cleanup), so the shopper never sees "Your cart is empty." on the way.
  const placed = placing && navigation.state === "loading" && navigation.location.pathname.startsWith("/payment-instructions/");
  useEffect(() => (placed ? clear : undefined), [placed, clear]);

  const [methodName, setMethodName] = useState(actionData?.values.paymentMethod ?? "");
  const [deliveryId, setDeliveryId] = useState(actionData?.values.delivery ?? "");
  const delivery = loaderData.delivery.find((choice) => choice.id === deliveryId) ?? null;
  // The code Apply accepted last; a later Apply replaces it, an empty one removes it.
  const [applied, setApplied] = useState<PromotionRule | null>(answer?.applied ?? null);
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer?.applied !== undefined) setApplied(answer.applied);
  }
  // Each line at today's price, worked out once: the summary shows it, the radio buttons' fees, pay on delivery's
  // "up to" and the promotions are measured on it.
  const products = lines.map((line) => productOf(line.productId));
  const priced = pricedBagLines(lines, (id) => {
    const product = productOf(id);
    return typeof product === "object" ? product : undefined;
  });
  const beforeDiscount = orderCharges(priced, delivery);
  const subtotal = beforeDiscount.subtotalCents;
  // What the order will get, by the rule placeOrder applies again (issue 24). A code whose spend the bag no longer
  // reaches gives nothing, and says why.
  const codeShort = applied !== null && subtotal < applied.minSubtotalCents;
  const discounts = bagDiscounts({
    lines: priced,
    deliveryFeeCents: beforeDiscount.deliveryFeeCents,
    automatic: loaderData.offers.filter((offer) => subtotal >= offer.minSubtotalCents),
    code: applied && !codeShort ? applied : null,
  });
  const charges = orderCharges(priced, delivery, totalDiscountCents(discounts));
  // Pay on delivery (decision 054), for a zone that allows it at this total; the server decides again. A method of
  // the shop's own by that name is offered as it is.
  const payOnDelivery =
    delivery && mayPayOnDelivery(delivery, charges.totalCents) && !loaderData.paymentMethods.some((m) => m.name === PAY_ON_DELIVERY)
      ? { id: "pay-on-delivery", name: PAY_ON_DELIVERY, instructions: payOnDeliveryText(charges.totalCents) }
      : null;
  const methods = payOnDelivery ? [...loaderData.paymentMethods, payOnDelivery] : loaderData.paymentMethods;
  const method = methods.find((m) => m.name === methodName);
  // After a refused attempt the same key goes back, so a retry can never make a second order.
  const idempotencyKey = actionData?.values.idempotencyKey ?? loaderData.idempotencyKey;
  const errors: Record<string, string | undefined> = {
    ...(codeShort && applied ? { code: promotionRefusalMessage({ kind: "min-spend", minSubtotalCents: applied.minSubtotalCents }) } : {}),
    ...actionData?.errors,
  };
  const values = actionData?.values ?? {};

  // After a refused attempt, take the shopper to the first field that needs changing.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);

  if ((!restored && !posted) || (lines.length === 0 && !placing)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-3xl font-semibold">Checkout</h1>
        {restored ? (
          <>
            <p className="mt-4">{EMPTY_CHECKOUT_MESSAGE}</p>
            <Link to="/products" className={buttonClass("primary", "mt-6")}>
              Continue Shopping
            </Link>
          </>
        ) : (
          <p className="mt-4">Loading your bag…</p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <h1 className="font-display text-3xl font-semibold lg:col-span-2">Checkout</h1>
      <CheckoutSummary
        lines={lines}
        productOf={productOf}
        charges={products.every((product) => product !== "loading") ? charges : null}
        discounts={discounts}
        delivery={loaderData.delivery.length === 0 ? "none offered" : delivery}
        className="lg:col-start-2 lg:row-start-2"
      />
      <Form ref={form} method="post" className="space-y-5 lg:col-start-1 lg:row-start-2" noValidate>
        <input type="hidden" name="bag" value={JSON.stringify(lines)} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextField label="Full name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
        <TextArea
          label="Address"
          name="address"
          autoComplete="street-address"
          rows={3}
          required={delivery?.kind !== "pick-up"}
          defaultValue={values.address}
          error={errors.address}
          hint={delivery?.kind === "pick-up" ? "You are picking up: leave it blank, or say where you are." : undefined}
        />
        <PhoneField
          autoComplete="tel"
          required
          defaultValue={values.phone}
          error={errors.phone}
          hint="With your country code, e.g. +254 712 345 678"
        />
        {loaderData.delivery.length > 0 && (
          <fieldset
            role="radiogroup"
            aria-required="true"
            aria-invalid={errors.delivery ? true : undefined}
            aria-describedby={errors.delivery ? "delivery-error" : undefined}
          >
            <legend className="text-sm font-semibold">Delivery</legend>
            <div className="mt-2 space-y-2">
              {loaderData.delivery.map((choice) => (
                <ChoiceCard key={choice.id} name="delivery" value={choice.id} chosen={deliveryId} choose={setDeliveryId} required>
                  <span className="font-semibold">{deliveryOptionLabel(choice, subtotal)}</span>
                  {[choice.areas, choice.deliveryTime, choice.directions, choice.openingHours].filter(Boolean).map((detail) => (
                    <span key={detail} className="block text-sm font-normal">
                      {detail}
                    </span>
                  ))}
                </ChoiceCard>
              ))}
            </div>
            {errors.delivery && (
              <p id="delivery-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {errors.delivery}
              </p>
            )}
          </fieldset>
        )}
        <fieldset aria-describedby={errors.paymentMethod ? "payment-method-error" : undefined}>
          <legend className="text-sm font-semibold">Payment method</legend>
          <div className="mt-2 space-y-2">
            {methods.map((m) => (
              <ChoiceCard key={m.id} name="paymentMethod" value={m.name} chosen={methodName} choose={setMethodName}>
                <span className="font-semibold">{m.name}</span>
              </ChoiceCard>
            ))}
          </div>
          {errors.paymentMethod && (
            <p id="payment-method-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {errors.paymentMethod}
            </p>
          )}
        </fieldset>
        {method && (
          <section aria-labelledby="how-to-pay" className="rounded-lg border border-clay-300 p-4 text-sm dark:border-earth-700">
            <h2 id="how-to-pay" className="font-semibold">
              {method === payOnDelivery ? PAY_ON_DELIVERY : `How to pay with ${method.name}`}
            </h2>
            <p className="mt-2 whitespace-pre-line">{method.instructions}</p>
          </section>
        )}
        {(loaderData.codes || values.code) && (
          <div className="flex items-start gap-2">
            <TextField
              label="Discount code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              defaultValue={values.code}
              error={errors.code}
              className="flex-1"
            />
            <Button type="submit" name="intent" value="apply-code" variant="secondary" formNoValidate disabled={applying} className="mt-6">
              Apply
            </Button>
          </div>
        )}
        {/* The hint is the box's description, outside its label, so the box is named by its label alone. */}
        <div className="flex min-h-11 items-start gap-3 text-sm">
          <input
            id="marketing-consent"
            type="checkbox"
            name="marketing"
            value="yes"
            defaultChecked={values.marketing !== undefined}
            aria-describedby="marketing-hint"
            className="mt-0.5 size-5 shrink-0 accent-clay-600"
          />
          <div>
            <label htmlFor="marketing-consent" className="cursor-pointer font-semibold">
              {MARKETING_CONSENT_LABEL}
            </label>
            <p id="marketing-hint">By SMS to this phone. You can stop at any time.</p>
          </div>
        </div>
        <ErrorMessage>{actionData?.problem ?? errors.bag ?? errors.idempotencyKey}</ErrorMessage>
        <Button type="submit" disabled={!method || placing} aria-describedby={method ? undefined : "choose-method"} className="w-full">
          {placing ? "Placing order..." : "Place Order"}
        </Button>
        {!method && (
          <p id="choose-method" className="text-center text-sm">
            {PAYMENT_METHOD_MESSAGE}
          </p>
        )}
        <p className="text-center text-sm">
          {PRIVACY_NOTICE}{" "}
          <Link to="/privacy" className="font-semibold underline">
            {PRIVACY_POLICY_LINK_TEXT}
          </Link>
        </p>
      </Form>
    </div>
  );
}

/** One answer of a checkout question (delivery, payment method): a radio button in a card as wide as the form. */
function ChoiceCard({
  name,
  value,
  chosen,
  choose,
  required,
  children,
}: {
  name: string;
  value: string;
  chosen: string;
  choose: (value: string) => void;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-clay-300 px-3 py-2 has-checked:border-clay-600 dark:border-earth-700 dark:has-checked:border-ochre-400">
      <input
        type="radio"
        name={name}
        value={value}
        required={required}
        checked={chosen === value}
        onChange={() => choose(value)}
        className="size-4 shrink-0 accent-clay-600"
      />
      <span>{children}</span>
    </label>
  );
}
