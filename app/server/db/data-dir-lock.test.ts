import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, test } from "vitest";
import { openPglite } from "./client.server";
import { dataDirHolder, lockPath, takeDataDirLock } from "./data-dir-lock.server";

// One PGlite engine per data directory (decision 047), checked with real second processes: what one process
// holds, another sees, whichever container it runs in, and a killed owner leaves nothing behind.

const root = path.resolve(import.meta.dirname, "../../..");
const folders: string[] = [];
const children: ChildProcess[] = [];

function freshDataDir() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "duka-lock-"));
  folders.push(folder);
  return path.join(folder, "data");
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Another process running `code` (ESM, our TypeScript importable), until it exits or `until` is printed. */
function otherProcess(code: string, until?: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (exitCode) => resolve({ code: exitCode, stdout, stderr })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    if (!until) return resolve();
    child.stdout.on("data", () => stdout.includes(until) && resolve());
    void exited.then(({ stderr: problem }) => reject(new Error(`The other process exited before "${until}": ${problem}`)));
  });
  return { child, exited, ready };
}

/** A process that opens the shop's database in `dataDir` and keeps it open until its input ends (with this run at the latest). */
const shopHolding = (dataDir: string) =>
  otherProcess(
    `import { openPglite } from "./app/server/db/client.server.ts";
     const shop = await openPglite(${JSON.stringify(dataDir)});
     process.stdout.write("opened\\n");
     process.stdin.on("end", () => void shop.close().then(() => process.exit(0)));
     process.stdin.resume();`,
    "opened",
  );

/** A process that tries to open the database in `dataDir`, saying what happened and exiting. */
const openingOnce = (dataDir: string) =>
  otherProcess(
    `import { openPglite } from "./app/server/db/client.server.ts";
     try {
       const shop = await openPglite(${JSON.stringify(dataDir)});
       await shop.close();
       process.stdout.write("opened");
     } catch (error) {
       process.stderr.write(error.message);
       process.exit(1);
     }`,
  ).exited;

const inUse = (dataDir: string, holder: string) =>
  `Another shop (${holder}) is using the data directory ${dataDir}; stop it first or use another DATA_DIR.`;
const processHere = (pid: number | undefined) => `process ${pid} on ${os.hostname()}`;

test("a second process opening a data directory a shop has open gets one sentence, until the shop is SIGKILLed", async () => {
  const dataDir = freshDataDir();
  const owner = shopHolding(dataDir);
  await owner.ready;
  expect(await openingOnce(dataDir)).toMatchObject({ code: 1, stderr: inUse(dataDir, processHere(owner.child.pid)) });

  // Seen from another container or host, the holder's pid means nothing here: only the lock counts.
  const elsewhere = "process 4194000 on shop-2";
  writeFileSync(lockPath(dataDir), elsewhere);
  expect(await openingOnce(dataDir)).toMatchObject({ code: 1, stderr: inUse(dataDir, elsewhere) });
  expect(() => takeDataDirLock(dataDir)).toThrow(inUse(dataDir, elsewhere));
  expect(dataDirHolder(dataDir)).toBe(elsewhere);

  owner.child.kill("SIGKILL");
  expect((await owner.exited).code).toBe(null);
  expect(dataDirHolder(dataDir)).toBeUndefined();
  expect(await openingOnce(dataDir)).toMatchObject({ code: 0, stdout: "opened" });
}, 120_000);

test("the shop holds its data directory from opening its database until it closes it, readable by itself only", async () => {
  const dataDir = freshDataDir();
  const shop = await openPglite(dataDir);
  try {
    expect(await openingOnce(dataDir)).toMatchObject({ code: 1, stderr: inUse(dataDir, processHere(process.pid)) });
  } finally {
    await shop.close();
  }
  expect(await openingOnce(dataDir)).toMatchObject({ code: 0, stdout: "opened" });

  const mode = (file: string) => statSync(file).mode & 0o777;
  expect([mode(dataDir), mode(path.join(dataDir, "pgdata")), mode(lockPath(dataDir))]).toEqual([0o700, 0o700, 0o600]);
}, 120_000);
