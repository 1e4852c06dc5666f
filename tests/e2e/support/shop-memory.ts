import { readdirSync, readFileSync } from "node:fs";

/**
 * The process serving `baseURL` that this process started (startShop), found by its PORT among this process's
 * children (Linux /proc), to watch its memory.
 */
export function shopPid(baseURL: string): number {
  const port = `\0PORT=${new URL(baseURL).port}\0`;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === process.pid && `\0${readFileSync(`/proc/${entry}/environ`, "utf8")}`.includes(port)) return Number(entry);
    } catch {
      // Gone, or not ours to read.
    }
  }
  throw new Error(`No shop process of ours serves ${baseURL}.`);
}

/** A process's resident memory (RSS), in MB. */
export function residentMB(pid: number): number {
  const kB = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (kB === undefined) throw new Error(`Process ${pid} has no resident memory to read.`);
  return Number(kB) / 1024;
}
