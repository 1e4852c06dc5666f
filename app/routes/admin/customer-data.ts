import { customerEmailSchema, customerPhoneParamSchema } from "~/domain/customers";
import { requireAdminPage } from "~/server/admin-guard.server";
import { customerData } from "~/server/customer-data.server";
import type { Route } from "./+types/customer-data";

/**
 * Download data (issue 25): everything the shop holds about a phone, and the newsletter subscription of the email
 * staff give, as one JSON file to hand to the customer. Both roles, as the customer page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const phone = customerPhoneParamSchema.safeParse(params.phone);
  if (!phone.success) return Response.json({ message: "Customer not found." }, { status: 404 });
  const email = customerEmailSchema.safeParse(new URL(request.url).searchParams.get("email") ?? undefined);
  if (!email.success) return Response.json({ message: email.error.issues[0]!.message }, { status: 400 });
  const held = await customerData(phone.data, email.data);
  if (held.orders.length === 0 && held.consent.length === 0 && held.subscriptions.length === 0) {
    return Response.json({ message: "Customer not found." }, { status: 404 });
  }
  return new Response(JSON.stringify(held, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="customer-${phone.data}.json"`,
      // Personal data: never kept by a browser's or a proxy's cache.
      "Cache-Control": "private, no-store",
    },
  });
}
