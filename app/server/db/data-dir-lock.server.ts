import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigurationError } from "../config.server";

/**
 * One process owns a PGlite data directory (ARCHITECTURE.md). The owner writes its pid into this file;
 * a lock whose pid is dead is stale and is taken over.
 */
const LOCK_FILE = "duka.lock";

export function lockPath(dataDir: string) {
  return path.join(dataDir, LOCK_FILE);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of a live process holding the data directory, if any (never this process). */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockPath(dataDir), "utf8"), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  return isAlive(pid) ? pid : undefined;
}

/** Takes the data directory for this process, or explains who holds it. Returns the release function. */
export function takeDataDirLock(dataDir: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch {
    throw new ConfigurationError(`DATA_DIR ${dataDir} cannot be created; choose a folder this user can write to.`);
  }
  const holder = lockHolder(dataDir);
  if (holder) {
    throw new ConfigurationError(
      `The shop's database in ${dataDir} is in use by process ${holder}; stop that process first or use another DATA_DIR.`,
    );
  }
  try {
    writeFileSync(lockPath(dataDir), String(process.pid), { mode: 0o600 });
  } catch {
    throw new ConfigurationError(`DATA_DIR ${dataDir} is not writable; choose a folder this user can write to.`);
  }
  return () => {
    try {
      if (readFileSync(lockPath(dataDir), "utf8") === String(process.pid)) rmSync(lockPath(dataDir));
    } catch {
      // Already gone: nothing to release.
    }
  };
}
