import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useBag } from "~/components/shop/bag";
import { Button, buttonClass } from "~/components/ui/button";
import { TextArea, TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { checkoutProblemMessage, EMPTY_CHECKOUT_MESSAGE, ORDER_FAILED_MESSAGE } from "~/domain/checkout";
import { checkoutSchema } from "~/domain/checkout.schema";
import { fieldErrors, formFields } from "~/server/form.server";
import { placeOrder } from "~/server/orders.server";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout | Duka" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  const settings = await readSiteDocument("settings");
  return {
    // One key per visit to this page: resubmitting (a double click, back and retry) finds the same order.
    idempotencyKey: randomUUID(),
    paymentMethods: settings.paymentMethods.filter((m) => m.enabled).map((m) => ({ id: m.id, name: m.name, instructions: m.instructions })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const fields = formFields(await request.formData());
  const parsed = checkoutSchema.safeParse(fields);
  // Everything typed goes back with the errors, so nothing is lost.
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), problem: null, values: fields }, { status: 400 });
  try {
    const result = await placeOrder(parsed.data);
    if (!result.ok) {
      return data({ errors: {}, problem: checkoutProblemMessage(result.problem), values: fields }, { status: 409 });
    }
    return redirect(`/payment-instructions/${result.orderId}`);
  } catch (error) {
    console.error(error);
    return data({ errors: {}, problem: ORDER_FAILED_MESSAGE, values: fields }, { status: 500 });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { lines } = useBag();
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formAction === "/checkout";
  const [method, setMethod] = useState(actionData?.values.paymentMethod ?? "");
  // After a refused attempt the same key goes back, so a retry can never make a second order.
  const idempotencyKey = actionData?.values.idempotencyKey ?? loaderData.idempotencyKey;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values ?? {};

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-3xl font-semibold">Checkout</h1>
        <p className="mt-4">{EMPTY_CHECKOUT_MESSAGE}</p>
        <Link to="/products" className={buttonClass("primary", "mt-6")}>
          Continue shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">Checkout</h1>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <input type="hidden" name="bag" value={JSON.stringify(lines)} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextField label="Full name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
        <TextArea label="Address" name="address" autoComplete="street-address" rows={3} required defaultValue={values.address} error={errors.address} />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+254712345678"
          required
          defaultValue={values.phone}
          error={errors.phone}
          hint="With your country code, e.g. +254 712 345 678"
        />
        <fieldset>
          <legend className="text-sm font-semibold">Payment method</legend>
          <div className="mt-2 space-y-2">
            {loaderData.paymentMethods.map((m) => (
              <label key={m.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-clay-300 p-3 dark:border-earth-700">
                <input type="radio" name="paymentMethod" value={m.name} checked={method === m.name} onChange={() => setMethod(m.name)} className="mt-1" />
                <span>
                  <span className="font-semibold">{m.name}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.paymentMethod && <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">{errors.paymentMethod}</p>}
        </fieldset>
        <ErrorMessage>{actionData?.problem ?? errors.bag ?? errors.idempotencyKey}</ErrorMessage>
        <Button type="submit" disabled={!method || placing} className="w-full">
          {placing ? "Placing order..." : "Place Order"}
        </Button>
      </Form>
    </div>
  );
}
