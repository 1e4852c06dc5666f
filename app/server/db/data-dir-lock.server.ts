import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigurationError } from "../config.server";

/**
 * One PGlite engine per data directory, across processes, containers and hosts sharing the folder (decision 047):
 * the owner holds an exclusive flock(2) lock on this file from opening the database until it closes it or dies.
 * The kernel drops the lock with the process's last open file, so a SIGKILLed owner never leaves it behind. The
 * file's text names the holder, for the message another process shows; it is never deleted (a deleted lock file
 * would let two processes lock two different files of one name).
 */
const LOCK_FILE = "duka.lock";
/** flock's exit code when another process holds the lock; any other failure is a file system that cannot lock. */
const HELD_ELSEWHERE = 75;
const LOCK_FD = 3;
const HOLDER_TEXT_MAX = 200;

export function lockPath(dataDir: string) {
  return path.join(dataDir, LOCK_FILE);
}

/**
 * Locks an open file for as long as it stays open. Node has no flock, so util-linux's `flock` (always on Debian)
 * locks our file descriptor, handed to it as its fd 3: the lock belongs to the open file the two share, stays with
 * this process after `flock` exits, and no child the shop starts later inherits it (Node opens files close-on-exec).
 */
function lockOpenFile(fd: number, dataDir: string): "locked" | "held-elsewhere" {
  const result = spawnSync("flock", ["--exclusive", "--nonblock", "--conflict-exit-code", String(HELD_ELSEWHERE), String(LOCK_FD)], {
    stdio: ["ignore", "ignore", "pipe", fd],
  });
  if (result.error) {
    throw new ConfigurationError(
      `The flock command (util-linux) is needed to guard the data directory ${dataDir}; install util-linux or set DATABASE_URL.`,
    );
  }
  if (result.status === 0) return "locked";
  if (result.status === HELD_ELSEWHERE) return "held-elsewhere";
  const reason = result.stderr.toString().trim().replace(/\s+/g, " ") || `flock exited with ${result.status}`;
  throw new ConfigurationError(`The data directory ${dataDir} cannot be locked (${reason}); keep DATA_DIR on a file system that supports locks.`);
}

function holderOf(dataDir: string): string {
  try {
    return readFileSync(lockPath(dataDir), "utf8").trim().slice(0, HOLDER_TEXT_MAX) || "another process";
  } catch {
    return "another process";
  }
}

const heldElsewhere = (dataDir: string) =>
  new ConfigurationError(`Another shop (${holderOf(dataDir)}) is using the data directory ${dataDir}; stop it first or use another DATA_DIR.`);

/**
 * Takes the data directory for this process until the returned release function runs or the process ends, or
 * says in one sentence who holds it. The folder is made readable by its owner only: it holds the database.
 */
export function takeDataDirLock(dataDir: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch {
    throw new ConfigurationError(`DATA_DIR ${dataDir} cannot be created; choose a folder this user can write to.`);
  }
  try {
    chmodSync(dataDir, 0o700);
  } catch {
    // A folder this user does not own keeps the permissions its owner gave it.
  }
  let fd: number;
  try {
    fd = openSync(lockPath(dataDir), constants.O_RDWR | constants.O_CREAT, 0o600);
  } catch {
    throw new ConfigurationError(`DATA_DIR ${dataDir} is not writable; choose a folder this user can write to.`);
  }
  try {
    if (lockOpenFile(fd, dataDir) === "held-elsewhere") throw heldElsewhere(dataDir);
    ftruncateSync(fd, 0);
    writeSync(fd, `process ${process.pid} on ${os.hostname()}\n`, 0);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    closeSync(fd);
  };
}

/**
 * Who holds the data directory ("process 4120 on shop-1"), when another process does; undefined when it is free.
 * It asks by taking the lock for an instant, so it works whichever host or container the holder runs in.
 */
export function dataDirHolder(dataDir: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(lockPath(dataDir), constants.O_RDONLY);
  } catch {
    return undefined;
  }
  try {
    return lockOpenFile(fd, dataDir) === "held-elsewhere" ? holderOf(dataDir) : undefined;
  } finally {
    closeSync(fd);
  }
}
