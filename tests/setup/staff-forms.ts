import { beforeAll } from "vitest";
import { startSession } from "../../app/server/session.server";
import { addStaff } from "../../app/server/staff.server";

const SHOP = "http://shop.test";
const context = { cspNonce: "", clientAddress: "203.0.113.9" };

type RouteModule = {
  action: (args: never) => unknown;
  loader?: (args: never) => unknown;
};

/**
 * A back-office page's forms as a signed-in browser posts them, for a route module's tests: an owner and a developer
 * of the test's own (signed in before its tests), `post` to the action, `answer` the action's data with its status,
 * and `load` the page as the developer sees it.
 */
export function staffForms(route: RouteModule, path: string, domain: string) {
  const cookies = { owner: "", developer: "" };
  beforeAll(async () => {
    const cookieOf = async (email: string, role: "owner" | "developer") =>
      (await startSession(new Request(SHOP), (await addStaff({ email, password: "a long enough password", role })).id)).split(";")[0]!;
    cookies.owner = await cookieOf(`owner@${domain}`, "owner");
    cookies.developer = await cookieOf(`dev@${domain}`, "developer");
  });
  const post = async (fields: Record<string, string>, cookie = cookies.owner): Promise<unknown> =>
    route.action({
      request: new Request(`${SHOP}${path}`, { method: "POST", headers: { Origin: SHOP, Cookie: cookie }, body: new URLSearchParams(fields) }),
      params: {},
      context,
    } as never);
  const answer = async (fields: Record<string, string>, cookie?: string) => {
    const result = (await post(fields, cookie)) as { data?: unknown; init?: { status?: number } | null } & Record<string, unknown>;
    return "data" in result && "init" in result ? { ...(result.data as object), status: result.init?.status ?? 200 } : { ...result, status: 200 };
  };
  const load = async () => route.loader?.({ request: new Request(`${SHOP}${path}`, { headers: { Cookie: cookies.developer } }), params: {}, context } as never);
  return { cookies, post, answer, load };
}
