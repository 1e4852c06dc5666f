import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { startControlChannel } from "../app/server/control.server";
import { takeDataDirLock } from "../app/server/db/data-dir-lock.server";
import { listStaff } from "../app/server/staff.server";
import { startArguments } from "../tests/e2e/support/shop-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

/** Runs one of our scripts as a user would, in a separate process; PGlite unless the test says otherwise. */
async function command(script: string, args: string[], env: Record<string, string>) {
  try {
    // `npm start` is plain JavaScript (decision 065); the other commands run through tsx.
    const program = script === "start" ? startArguments : ["--import", "tsx", `scripts/${script}.ts`];
    const { stdout, stderr } = await run(process.execPath, [...program, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", STAFF_PASSWORD: "", ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const freshDataDir = () => mkdtempSync(path.join(os.tmpdir(), "duka-cli-"));

describe("npm run staff on a data directory no shop has opened yet", () => {
  const dataDir = freshDataDir();

  test("add creates and migrates the database, and applies the role rule", async () => {
    const owner = await command("staff", ["add", "owner@duka.test"], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: "a long enough password",
    });
    expect(owner).toMatchObject({ code: 0, stdout: "Added owner@duka.test as a Store Owner.\n" });
    const developer = await command("staff", ["add", "dev@duka.test"], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: "a long enough password",
    });
    expect(developer.stdout).toBe("Added dev@duka.test as a Developer.\n");
    const list = await command("staff", ["list"], { DATA_DIR: dataDir });
    expect(list.stdout).toBe("dev@duka.test\tdeveloper\nowner@duka.test\towner\n");
  }, 60_000);

  test("mistakes get one sentence and exit code 1", async () => {
    const unknown = await command("staff", ["remove", "nobody@duka.test"], { DATA_DIR: dataDir });
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining("nobody@duka.test is not a staff member.") });
    const weak = await command("staff", ["add", "weak@duka.test"], { DATA_DIR: dataDir, STAFF_PASSWORD: "short" });
    expect(weak).toMatchObject({ code: 1, stderr: expect.stringContaining("at least 10 characters") });
    const role = await command("staff", ["add", "x@duka.test", "--role", "king"], { DATA_DIR: dataDir });
    expect(role).toMatchObject({ code: 1, stderr: expect.stringContaining("--role must be owner or developer.") });
  }, 60_000);
});

describe("npm run staff while the shop runs", () => {
  // This test process plays the running shop: it holds the lock and answers on the socket, using its database.
  const dataDir = freshDataDir();
  const release = takeDataDirLock(dataDir);
  const stop = startControlChannel(dataDir);
  afterAll(async () => {
    await stop();
    release();
  });

  test("hands the request to the running shop instead of opening its database", async () => {
    const added = await command("staff", ["add", "dev@running.test", "--role", "developer"], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: "a long enough password",
    });
    expect(added).toMatchObject({ code: 0, stdout: "Added dev@running.test as a Developer.\n" });
    expect((await listStaff()).map((s) => s.email)).toContain("dev@running.test");
  }, 60_000);

  test("a backup into the uploads folder, which anyone can download from, is refused with a sentence", async () => {
    const uploads = process.env.UPLOADS_DIR!;
    const target = path.join(uploads, "backup");
    const backup = await command("backup", [target], { DATA_DIR: dataDir, UPLOADS_DIR: uploads });
    expect(backup).toMatchObject({
      code: 1,
      stderr: `${target} is inside the uploads folder, which anyone can download from; choose a backup folder outside ${uploads}.\n`,
    });
  }, 60_000);

  test("restore and seed refuse with a sentence", async () => {
    const restore = await command("restore", ["/nowhere"], { DATA_DIR: dataDir });
    expect(restore).toMatchObject({ code: 1, stderr: expect.stringContaining(`The shop is running (process ${process.pid} on ${os.hostname()}); stop it before restoring a backup.`) });
    const seed = await command("seed", [], { DATA_DIR: dataDir });
    expect(seed).toMatchObject({ code: 1, stderr: expect.stringContaining("stop it first") });
  }, 60_000);
});

describe("npm start with bad configuration stops with one sentence", () => {
  test("an unreachable DATABASE_URL", async () => {
    const result = await command("start", [], { DATABASE_URL: "postgres://duka:duka@127.0.0.1:1/duka", PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Duka cannot start: Cannot reach PostgreSQL at 127\.0\.0\.1:1\/duka \(.*\); check DATABASE_URL and that the server is running\.$/);
  }, 60_000);

  test.skipIf(!process.env.DATABASE_URL)("an unreachable DATABASE_LISTEN_URL", async () => {
    const result = await command("start", [], { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_LISTEN_URL: "postgres://duka:duka@127.0.0.1:1/duka", PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Duka cannot start: Cannot reach PostgreSQL at 127\.0\.0\.1:1\/duka \(.*\); check DATABASE_LISTEN_URL and that the server is running\.$/);
  }, 60_000);

  test("a DATA_DIR that cannot be created", async () => {
    const file = path.join(freshDataDir(), "a-file");
    writeFileSync(file, "");
    const result = await command("start", [], { DATA_DIR: path.join(file, "data"), PORT: "0" });
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr.trim()).toBe(`Duka cannot start: DATA_DIR ${path.join(file, "data")} cannot be created; choose a folder this user can write to.`);
  }, 60_000);

  test("a port in use", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const result = await command("start", [], { DATA_DIR: freshDataDir(), PORT: String(port), HOST: "127.0.0.1" });
    blocker.close();
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Duka cannot start: Port ${port} is already in use; stop the program using it or set PORT to another port.`);
  }, 60_000);

  test("a PORT that is not a number", async () => {
    const result = await command("start", [], { DATA_DIR: freshDataDir(), PORT: "eighty" });
    expect(result.stderr.trim()).toBe('Duka cannot start: PORT must be a number from 0 to 65535, not "eighty".');
  }, 60_000);
});

test("a deployment without a build stops with one sentence rather than building (decision 065)", async () => {
  // The launcher and what it reads, in a folder of their own that has never been built.
  const project = freshDataDir();
  mkdirSync(path.join(project, "scripts"));
  for (const file of ["start.mjs", "production.mjs", "build-state.mjs"]) copyFileSync(path.join(root, "scripts", file), path.join(project, "scripts", file));
  const result = await run(process.execPath, [path.join(project, "scripts", "start.mjs")], { cwd: project, env: { ...process.env, NODE_ENV: "production" } }).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe("Duka cannot start: There is no build in build/; run `npm run build` before starting (the Docker image does it when it is built).");
}, 60_000);

describe("npm run migrate, the release step, and processes told MIGRATE=off (decision 063)", () => {
  const dataDir = freshDataDir();

  test("a command told not to migrate refuses a database without the schema, naming the step to run", async () => {
    const list = await command("staff", ["list"], { DATA_DIR: dataDir, MIGRATE: "off" });
    expect(list.code).toBe(1);
    expect(list.stderr.trim()).toMatch(
      /^The database lacks \d+ migrations \(0000_extensions to \d{4}_\w+\) that this release needs; run `npm run migrate` first \(MIGRATE=off keeps this process from migrating\)\.$/,
    );
  }, 60_000);

  test("npm run migrate applies every migration once; run again, it has nothing to do", async () => {
    const first = await command("migrate", [], { DATA_DIR: dataDir });
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(/^Applied \d+ migrations \(0000_extensions to \d{4}_\w+\)\.\n$/);
    expect(await command("migrate", [], { DATA_DIR: dataDir })).toMatchObject({ code: 0, stdout: "The database is up to date.\n" });
    expect(await command("staff", ["list"], { DATA_DIR: dataDir, MIGRATE: "off" })).toMatchObject({ code: 0, stdout: "No staff yet. Add one with: npm run staff -- add <email>\n" });
  }, 60_000);

  test("while the shop runs on its data directory, it keeps its own schema and the step says so", async () => {
    const release = takeDataDirLock(dataDir);
    try {
      const migrate = await command("migrate", [], { DATA_DIR: dataDir });
      expect(migrate).toMatchObject({ code: 1 });
      expect(migrate.stderr.trim()).toBe(`The shop is running (process ${process.pid} on ${os.hostname()}) and keeps its own database up to date; nothing to do.`);
    } finally {
      release();
    }
  }, 60_000);
});
