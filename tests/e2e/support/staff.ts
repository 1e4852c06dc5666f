import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect, request as playwrightRequest } from "@playwright/test";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..", "..");
export const STAFF_PASSWORD = "a long enough password";

/** Adds a staff member to the running test shop with the real CLI (it reaches the shop over its socket). */
export async function addStaffMember(email: string, role?: "owner" | "developer", dataDir = process.env.E2E_DATA_DIR!) {
  await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", email, ...(role ? ["--role", role] : [])], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STAFF_PASSWORD },
  }).catch((error: { stderr?: string }) => {
    if (!error.stderr?.includes("already a staff member")) throw error;
  });
}

/** An HTTP client signed in as the given staff member (cookies kept), for direct requests. */
export async function signedInRequest(baseURL: string, email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post("/admin/login", {
    form: { email, password: STAFF_PASSWORD },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return context;
}
