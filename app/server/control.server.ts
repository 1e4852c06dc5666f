import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { STAFF_ROLES } from "~/domain/staff";
import { writeBackup } from "./backup.server";
import { db } from "./db/database.server";
import { imageStore } from "./image-store.server";
import { addStaff, listStaff, removeStaff, setStaffPassword } from "./staff.server";
import { unlockSignIn } from "./staff-login.server";
import { log } from "./log.server";

/**
 * While the shop runs it owns its PGlite directory, so the staff and backup commands hand their request
 * to it over a Unix socket inside DATA_DIR, readable only by the shop's own user (mode 0600; decision 004).
 */
const CONTROL_SOCKET = "duka.sock";
const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

const controlRequestSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("staff-add"),
    email: z.string(),
    password: z.string(),
    role: z.enum(STAFF_ROLES).optional(),
  }),
  z.object({ command: z.literal("staff-list") }),
  z.object({ command: z.literal("staff-remove"), email: z.string() }),
  z.object({ command: z.literal("staff-passwd"), email: z.string(), password: z.string() }),
  z.object({ command: z.literal("staff-unlock"), email: z.string() }),
  z.object({ command: z.literal("backup"), target: z.string().min(1) }),
]);
export type ControlRequest = z.infer<typeof controlRequestSchema>;
export type ControlReply = { ok: true; result: unknown } | { ok: false; error: string };

/** Carries out one request in this (the shop's) process. Shared with the CLIs, which call it directly. */
export async function runControlRequest(request: ControlRequest): Promise<unknown> {
  switch (request.command) {
    case "staff-add": {
      const member = await addStaff(request);
      return { email: member.email, role: member.role };
    }
    case "staff-list":
      return (await listStaff()).map((m) => ({ email: m.email, role: m.role, createdAt: m.createdAt.toISOString() }));
    case "staff-remove":
      await removeStaff(request.email);
      return null;
    case "staff-passwd":
      await setStaffPassword(request.email, request.password);
      return null;
    case "staff-unlock":
      await unlockSignIn(request.email);
      return null;
    case "backup":
      return writeBackup(await db(), imageStore(), request.target);
  }
}

export function startControlChannel(dataDir: string): () => Promise<void> {
  const socketPath = controlSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let buffer = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 100_000) connection.destroy();
      if (!buffer.includes("\n")) return;
      const reply = async (): Promise<ControlReply> => {
        try {
          const request = controlRequestSchema.parse(JSON.parse(buffer.slice(0, buffer.indexOf("\n"))));
          return { ok: true, result: await runControlRequest(request) };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      };
      void reply().then((answer) => connection.end(`${JSON.stringify(answer)}\n`));
    });
  });
  server.listen(socketPath, () => chmodSync(socketPath, 0o600));
  server.on("error", (error) => log().error(`The staff command channel is unavailable: ${error.message}`));
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/** Sends a request to the running shop and returns its reply. */
export function sendControlRequest(dataDir: string, request: ControlRequest): Promise<ControlReply> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(controlSocketPath(dataDir));
    let answer = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => (answer += chunk));
    connection.on("end", () => {
      try {
        resolve(JSON.parse(answer) as ControlReply);
      } catch {
        reject(new Error("The running shop gave an unreadable answer."));
      }
    });
    connection.on("error", reject);
    connection.write(`${JSON.stringify(request)}\n`);
  });
}
