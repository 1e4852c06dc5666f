import { type FormEvent } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { seoMeta } from "~/components/seo";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { personalPageHeaders } from "~/domain/page-cache";
import { formFields } from "~/server/form.server";
import { findOrder } from "~/server/tracking.server";
import type { Route } from "./+types/track";
import type { ShopPageHandle } from "./layout";

const QUERY_MAX_LENGTH = 100;

export function meta({ matches }: Route.MetaArgs) {
  const layout = matches[1]?.loaderData;
  return seoMeta({
    title: `Track Your Order | ${layout?.storeName ?? "Duka"}`,
    description: "Follow your order from payment to delivery with its order ID, tracking ID or phone number.",
    origin: layout?.origin ?? "",
    path: "/track",
    noindex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const query = (formFields(await request.formData()).query ?? "").slice(0, QUERY_MAX_LENGTH);
  // product.md §2: a blank input does nothing.
  if (!query.trim()) return null;
  const found = await findOrder(query, context.clientAddress);
  switch (found.kind) {
    case "tracking":
      return redirect(`/track/${found.trackingId}`);
    case "phone":
      return redirect(`/orders-by-phone/${found.phone}`);
    case "none":
      return data({ query, message: found.message }, { status: 404 });
    case "rate-limited":
      return data({ query, message: found.message }, { status: 429, headers: { "Retry-After": String(found.retryAfterSeconds) } });
  }
}

// A lookup's answer shows the order id or phone number the shopper typed.
export const headers = personalPageHeaders;

/** With JavaScript, a blank input sends nothing at all. */
function ignoreBlank(event: FormEvent<HTMLFormElement>) {
  if (!String(new FormData(event.currentTarget).get("query") ?? "").trim()) event.preventDefault();
}

// Nothing here may sit under the floating contact button (issue 23).
export const handle: ShopPageHandle = { contactButtonAtPageEnd: true };

export default function Track({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const tracking = navigation.state !== "idle" && navigation.formAction === "/track";
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="font-display text-4xl font-semibold">Track Your Order</h1>
      <p className="mt-3">Enter the order ID or tracking ID from your order, or the phone number you ordered with.</p>
      <Form method="post" onSubmit={ignoreBlank} className="mt-8 space-y-4">
        <TextField
          label="Order ID, Tracking ID or Phone Number"
          name="query"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={QUERY_MAX_LENGTH}
          defaultValue={actionData?.query}
          hint="For example AFB7K2M9Q4XZ, or +254 712 345 678"
        />
        <ErrorMessage>{actionData?.message}</ErrorMessage>
        <Button type="submit" disabled={tracking} className="w-full sm:w-auto">
          Track
        </Button>
      </Form>
    </div>
  );
}
