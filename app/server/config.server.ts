import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { CHECKOUTS_PER_HOUR, CHECKOUTS_PER_HOUR_PER_ADDRESS } from "~/domain/checkout";

/** A start-up problem the operator can fix; shown as one sentence, never as a stack trace. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

const environmentSchema = z.object({
  DATA_DIR: z.string().trim().min(1).default("./data"),
  UPLOADS_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  SHOP_TIMEZONE: z
    .string()
    .default("Africa/Nairobi")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "SHOP_TIMEZONE must be an IANA time zone such as Africa/Nairobi"),
  CHECKOUTS_PER_HOUR: z.coerce.number().int().min(1).default(CHECKOUTS_PER_HOUR),
  CHECKOUTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(CHECKOUTS_PER_HOUR_PER_ADDRESS),
});

export type ShopConfig = {
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  timeZone: string;
  /** Checkouts an hour per phone number and per browser, and per address (decision 029). */
  checkoutsPerHour: { perShopper: number; perAddress: number };
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ShopConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigurationError(`${issue?.path.join(".")}: ${issue?.message}.`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    dataDir,
    uploadsDir: path.resolve(parsed.data.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    databaseUrl: parsed.data.DATABASE_URL,
    publicUrl: parsed.data.PUBLIC_URL?.replace(/\/+$/, ""),
    timeZone: parsed.data.SHOP_TIMEZONE,
    checkoutsPerHour: { perShopper: parsed.data.CHECKOUTS_PER_HOUR, perAddress: parsed.data.CHECKOUTS_PER_HOUR_PER_ADDRESS },
  };
}

let cached: ShopConfig | undefined;
/** The process's configuration, read once from the environment. */
export function config(): ShopConfig {
  cached ??= readConfig();
  return cached;
}

/**
 * The project's folder (where package.json is), found from this file so it works from the source tree,
 * from the server build and from the CLIs alike.
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** The shop's public origin for absolute links: PUBLIC_URL, or else the origin the request came to. */
export function shopOrigin(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}
