import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { CHECKOUTS_PER_HOUR, CHECKOUTS_PER_HOUR_PER_ADDRESS } from "~/domain/checkout";
import { HELD_UNITS_PER_ADDRESS, HELD_UNITS_PER_PHONE, type HeldUnitLimits } from "~/domain/hold-limits";
import { CALLBACK_SECRET_FORMAT, callbackUrlProblem, darajaBaseUrl, MPESA_PROMPTS_PER_ADDRESS, MPESA_PROMPTS_PER_PHONE } from "~/domain/mpesa";
import { MPESA_REQUIRED_VARIABLES as MPESA_REQUIRED } from "~/domain/mpesa-settings";

/** A start-up problem the operator can fix; shown as one sentence, never as a stack trace. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const POOL_MAX_MESSAGE = "DATABASE_POOL_MAX must be a whole number of connections from 1 to 1000";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const CALLBACK_SECRET_MESSAGE = "must be 32 to 128 hexadecimal characters, e.g. from `openssl rand -hex 32`";

const environmentSchema = z.object({
  DATA_DIR: z.string().trim().min(1).default("./data"),
  UPLOADS_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_LISTEN_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_LISTEN_URL must start with postgres:// or postgresql://").optional()),
  DATABASE_POOL_MAX: z.coerce.number(POOL_MAX_MESSAGE).int(POOL_MAX_MESSAGE).min(1, POOL_MAX_MESSAGE).max(1000, POOL_MAX_MESSAGE).default(10),
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
  HELD_UNITS_PER_PHONE: z.coerce.number().int().min(1).default(HELD_UNITS_PER_PHONE),
  HELD_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).default(HELD_UNITS_PER_ADDRESS),
  MPESA_CONSUMER_KEY: optionalText,
  MPESA_CONSUMER_SECRET: optionalText,
  MPESA_PASSKEY: optionalText,
  MPESA_SHORTCODE: optionalText.pipe(z.string().regex(/^\d{5,7}$/, "MPESA_SHORTCODE must be the paybill or store number, 5 to 7 digits").optional()),
  MPESA_TILL: optionalText.pipe(z.string().regex(/^\d{5,7}$/, "MPESA_TILL must be the till number, 5 to 7 digits").optional()),
  MPESA_ENV: z.enum(["sandbox", "production"], "MPESA_ENV must be sandbox or production").default("sandbox"),
  MPESA_BASE_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  MPESA_CALLBACK_SECRET: optionalText.pipe(z.string().regex(CALLBACK_SECRET_FORMAT, CALLBACK_SECRET_MESSAGE).optional()),
  MPESA_CALLBACK_SECRET_PREVIOUS: optionalText.pipe(z.string().regex(CALLBACK_SECRET_FORMAT, CALLBACK_SECRET_MESSAGE).optional()),
  MPESA_INITIATOR_NAME: optionalText,
  MPESA_SECURITY_CREDENTIAL: optionalText,
  MPESA_PROMPTS_PER_PHONE: z.coerce.number().int().min(1).default(MPESA_PROMPTS_PER_PHONE),
  MPESA_PROMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(MPESA_PROMPTS_PER_ADDRESS),
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_SENDER_ID: optionalText.pipe(z.string().max(11, "AT_SENDER_ID must be the sender name Africa's Talking gave you, at most 11 characters").optional()),
  AT_BASE_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/[^/]+/, "SMTP_URL must look like smtp://user:pass@host:587").optional()),
  MAIL_FROM: optionalText.pipe(z.email("MAIL_FROM must be an email address such as shop@example.com").optional()),
  NODE_ENV: optionalText,
  MIGRATE: z.enum(["on", "off"], "MIGRATE must be on or off").default("on"),
  DUKA_PROCESSES: z.coerce.number("DUKA_PROCESSES must be a whole number of 1 or more").int().min(1, "DUKA_PROCESSES must be 1 or more").default(1),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number("SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 120")
    .min(0, "SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 120")
    .max(120, "SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 120")
    .default(10),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be the store's address, such as https://s3.example.com" }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(["true", "false"], "S3_FORCE_PATH_STYLE must be true or false").optional()),
  // The pages allow images from https sites only (the Content-Security-Policy in server.ts).
  UPLOADS_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https$/, error: "UPLOADS_PUBLIC_URL must be an https address, such as https://images.example.com" }).optional()),
  METRICS_TOKEN: optionalText.pipe(
    z.string().regex(/^[\x21-\x7e]{32,256}$/, "METRICS_TOKEN must be 32 to 256 characters without spaces, e.g. from `openssl rand -hex 32`").optional(),
  ),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`).optional()),
  DUKA_PROCESS_NAME: optionalText.pipe(
    z.string().regex(/^[\w.:@-]{1,100}$/, "DUKA_PROCESS_NAME must be up to 100 letters, digits, dots, colons, @, hyphens or underscores").optional(),
  ),
});

/** How the shop reaches Safaricom's Daraja API (issue 11); absent when M-Pesa Express is not configured. */
export type MpesaConfig = {
  consumerKey: string;
  consumerSecret: string;
  passkey: string;
  shortcode: string;
  till: string | undefined;
  environment: "sandbox" | "production";
  baseUrl: string;
  /** The shop's public address, where Daraja posts its callbacks. */
  publicUrl: string;
  /**
   * The callback addresses' secret segment (MPESA_CALLBACK_SECRET, lower case), and the one it replaced, still
   * accepted while set (decision 044). Unset, the segment is derived from the consumer secret, as before.
   */
  callbackSecret: string | undefined;
  previousCallbackSecret: string | undefined;
  /** Who asks M-Pesa to confirm paybill payments (Transaction Status); without one they wait for staff. */
  initiator: { name: string; securityCredential: string } | undefined;
  /** M-Pesa Express prompts an hour to one phone number and from one client network. */
  promptsPerHour: { perPhone: number; perAddress: number };
};

/** How the shop sends SMS through Africa's Talking (issue 12); absent when SMS is not configured. */
export type SmsConfig = { username: string; apiKey: string; senderId: string | undefined; baseUrl: string };
/** How the shop sends email (issue 12); absent when no SMTP server is configured. */
export type MailConfig = { smtpUrl: string; from: string };

/** Where uploaded images are kept (decision 060): the uploads folder, or an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Unset, the SDK finds them itself (AWS_* variables, an instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type ShopConfig = {
  dataDir: string;
  uploadsDir: string;
  storage: StorageConfig;
  /** Where browsers fetch uploads from (a CDN or the bucket's public address), without a trailing slash; unset, /uploads. */
  uploadsPublicUrl: string | undefined;
  databaseUrl: string | undefined;
  /** Where the LISTEN connection goes (default databaseUrl), and the pool's size (decision 062). */
  databaseListenUrl: string | undefined;
  databasePoolMax: number;
  publicUrl: string | undefined;
  timeZone: string;
  /** Checkouts an hour per phone number and per browser, and per address (decision 029). */
  checkoutsPerHour: { perShopper: number; perAddress: number };
  /** Units unpaid orders may hold per phone number and per client network (decision 043). */
  heldUnits: HeldUnitLimits;
  mpesa: MpesaConfig | undefined;
  sms: SmsConfig | undefined;
  mail: MailConfig | undefined;
  /** Whether this process brings the schema up to date at start-up (MIGRATE=off: a release step does, decision 063). */
  migrates: boolean;
  /** How long a stopping process keeps serving while the proxy stops sending it requests (decision 064). */
  shutdownGraceMs: number;
  /** The bearer token /metrics asks for; unset, /metrics is off (decision 061). */
  metricsToken: string | undefined;
  log: LogConfig;
};

/** How the process logs (decision 061). */
export type LogConfig = {
  level: (typeof LOG_LEVELS)[number];
  /** On every line, to tell the shop's processes apart: DUKA_PROCESS_NAME, else the host's name and the pid. */
  processName: string;
  /** Lines made readable for a person (pino-pretty) rather than JSON: under `npm run dev` only. */
  pretty: boolean;
};

/** Africa's Talking's sandbox answers the account named "sandbox"; every other account is live. */
const AT_LIVE = "https://api.africastalking.com";
const AT_SANDBOX = "https://api.sandbox.africastalking.com";

function smsConfig(env: z.infer<typeof environmentSchema>, publicUrl: string | undefined): SmsConfig | undefined {
  if (!env.AT_USERNAME && !env.AT_API_KEY) return undefined;
  if (!env.AT_USERNAME || !env.AT_API_KEY) throw new ConfigurationError("AT_USERNAME, AT_API_KEY: SMS needs both set together.");
  // Every SMS carries the order's tracking link.
  if (!publicUrl) throw new ConfigurationError("PUBLIC_URL: SMS messages need the shop's public address for their tracking links.");
  const baseUrl = (env.AT_BASE_URL ?? (env.AT_USERNAME === "sandbox" ? AT_SANDBOX : AT_LIVE)).replace(/\/+$/, "");
  return { username: env.AT_USERNAME, apiKey: env.AT_API_KEY, senderId: env.AT_SENDER_ID, baseUrl };
}

function mailConfig(env: z.infer<typeof environmentSchema>, publicUrl: string | undefined): MailConfig | undefined {
  if (!env.SMTP_URL && !env.MAIL_FROM) return undefined;
  if (!env.SMTP_URL || !env.MAIL_FROM) throw new ConfigurationError("SMTP_URL, MAIL_FROM: email needs both set together.");
  if (!publicUrl) throw new ConfigurationError("PUBLIC_URL: emails need the shop's public address for their links.");
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM };
}

function mpesaConfig(env: z.infer<typeof environmentSchema>, publicUrl: string | undefined): MpesaConfig | undefined {
  const missing = MPESA_REQUIRED.filter((name) => !env[name]);
  if (missing.length === MPESA_REQUIRED.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigurationError(`${missing.join(", ")}: M-Pesa Express needs ${MPESA_REQUIRED.join(", ")} set together.`);
  }
  // Daraja posts each payment's result to the shop's public address.
  if (!publicUrl) throw new ConfigurationError("PUBLIC_URL: M-Pesa Express needs the shop's public address for Daraja's callbacks.");
  const problem = callbackUrlProblem(publicUrl);
  if (problem) throw new ConfigurationError(`PUBLIC_URL: ${problem}`);
  if (env.MPESA_CALLBACK_SECRET_PREVIOUS && !env.MPESA_CALLBACK_SECRET) {
    throw new ConfigurationError("MPESA_CALLBACK_SECRET_PREVIOUS: set it only beside MPESA_CALLBACK_SECRET, to the secret that one replaces.");
  }
  if (!env.MPESA_INITIATOR_NAME !== !env.MPESA_SECURITY_CREDENTIAL) {
    throw new ConfigurationError("MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL: confirming paybill payments needs both set together.");
  }
  return {
    consumerKey: env.MPESA_CONSUMER_KEY!,
    consumerSecret: env.MPESA_CONSUMER_SECRET!,
    passkey: env.MPESA_PASSKEY!,
    shortcode: env.MPESA_SHORTCODE!,
    till: env.MPESA_TILL,
    environment: env.MPESA_ENV,
    baseUrl: darajaBaseUrl(env.MPESA_ENV, env.MPESA_BASE_URL),
    publicUrl,
    callbackSecret: env.MPESA_CALLBACK_SECRET?.toLowerCase(),
    previousCallbackSecret: env.MPESA_CALLBACK_SECRET_PREVIOUS?.toLowerCase(),
    initiator: env.MPESA_INITIATOR_NAME ? { name: env.MPESA_INITIATOR_NAME, securityCredential: env.MPESA_SECURITY_CREDENTIAL! } : undefined,
    promptsPerHour: { perPhone: env.MPESA_PROMPTS_PER_PHONE, perAddress: env.MPESA_PROMPTS_PER_ADDRESS },
  };
}

const S3_SETTINGS = ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

function storageConfig(env: z.infer<typeof environmentSchema>, uploadsDir: string): StorageConfig {
  if (!env.S3_BUCKET) {
    const set = S3_SETTINGS.filter((name) => env[name]);
    if (set.length > 0) throw new ConfigurationError(`${set.join(", ")}: object storage also needs S3_BUCKET; set it, or unset these to keep images in the uploads folder.`);
    return { kind: "local", dir: uploadsDir };
  }
  if (!env.S3_REGION) throw new ConfigurationError("S3_REGION: object storage needs the bucket's region (us-east-1 for most S3-compatible stores, auto for R2).");
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigurationError("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: object storage needs both set together (or neither, to use the AWS credentials of the machine).");
  }
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ShopConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigurationError(`${issue?.path.join(".")}: ${issue?.message}.`);
  }
  if (parsed.data.DATABASE_LISTEN_URL && !parsed.data.DATABASE_URL) {
    throw new ConfigurationError("DATABASE_LISTEN_URL: set it only beside DATABASE_URL, to the same database reached without a transaction-mode pooler.");
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const publicUrl = parsed.data.PUBLIC_URL?.replace(/\/+$/, "");
  const uploadsDir = path.resolve(parsed.data.UPLOADS_DIR ?? path.join(dataDir, "uploads"));
  const storage = storageConfig(parsed.data, uploadsDir);
  // Several processes cannot share one PGlite directory or one machine's disk: a production deployment that
  // expects them is stopped before it half-works.
  const processes = parsed.data.DUKA_PROCESSES;
  if (parsed.data.NODE_ENV === "production" && processes > 1) {
    if (!parsed.data.DATABASE_URL) {
      throw new ConfigurationError(
        `DATABASE_URL: ${processes} processes (DUKA_PROCESSES) cannot share the built-in database, which one process owns; set DATABASE_URL to a PostgreSQL database.`,
      );
    }
    if (storage.kind === "local") {
      throw new ConfigurationError(
        `S3_BUCKET: ${processes} processes (DUKA_PROCESSES) cannot share images kept on one machine's disk; set S3_BUCKET and the other S3_* settings to an object store.`,
      );
    }
  }
  return {
    dataDir,
    uploadsDir,
    storage,
    uploadsPublicUrl: parsed.data.UPLOADS_PUBLIC_URL?.replace(/\/+$/, ""),
    databaseUrl: parsed.data.DATABASE_URL,
    databaseListenUrl: parsed.data.DATABASE_LISTEN_URL,
    databasePoolMax: parsed.data.DATABASE_POOL_MAX,
    publicUrl,
    timeZone: parsed.data.SHOP_TIMEZONE,
    checkoutsPerHour: { perShopper: parsed.data.CHECKOUTS_PER_HOUR, perAddress: parsed.data.CHECKOUTS_PER_HOUR_PER_ADDRESS },
    heldUnits: { perPhone: parsed.data.HELD_UNITS_PER_PHONE, perAddress: parsed.data.HELD_UNITS_PER_ADDRESS },
    mpesa: mpesaConfig(parsed.data, publicUrl),
    sms: smsConfig(parsed.data, publicUrl),
    mail: mailConfig(parsed.data, publicUrl),
    migrates: parsed.data.MIGRATE === "on",
    shutdownGraceMs: parsed.data.SHUTDOWN_GRACE_SECONDS * 1_000,
    metricsToken: parsed.data.METRICS_TOKEN,
    log: {
      // Tests stay quiet unless told otherwise.
      level: parsed.data.LOG_LEVEL ?? (env.VITEST ? "silent" : "info"),
      processName: parsed.data.DUKA_PROCESS_NAME ?? `${os.hostname()}-${process.pid}`,
      pretty: env.NODE_ENV === "development",
    },
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
