import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Starts the built shop once for the whole run, on a free port with a temporary DATA_DIR, exactly as
 * `npm start` would (migrations and sample data included), and stops it afterwards.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const shop = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  shop.stdout.on("data", (chunk) => (output += chunk));
  shop.stderr.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`The shop stopped during start-up:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The shop did not start within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
