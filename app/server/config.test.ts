import { expect, test } from "vitest";
import { ConfigurationError, readConfig } from "./config.server";

// M-Pesa Express's settings (issue 11): all or none, and only with a public address Daraja can call.

const mpesa = {
  MPESA_CONSUMER_KEY: "key",
  MPESA_CONSUMER_SECRET: "secret",
  MPESA_PASSKEY: "passkey",
  MPESA_SHORTCODE: "174379",
  PUBLIC_URL: "https://duka.example.co.ke",
};

test("without MPESA_* variables M-Pesa Express is off", () => {
  expect(readConfig({}).mpesa).toBeUndefined();
  expect(readConfig({ MPESA_CONSUMER_KEY: "", MPESA_SHORTCODE: " " }).mpesa).toBeUndefined();
});

test("with them, the shop speaks to Safaricom's sandbox unless told otherwise", () => {
  expect(readConfig(mpesa).mpesa).toEqual({
    consumerKey: "key",
    consumerSecret: "secret",
    passkey: "passkey",
    shortcode: "174379",
    till: undefined,
    environment: "sandbox",
    baseUrl: "https://sandbox.safaricom.co.ke",
    publicUrl: "https://duka.example.co.ke",
    callbackSecret: undefined,
    previousCallbackSecret: undefined,
    initiator: undefined,
    promptsPerHour: { perPhone: 3, perAddress: 10 },
  });
  expect(readConfig({ ...mpesa, MPESA_ENV: "production", MPESA_TILL: "5123456" }).mpesa).toMatchObject({
    baseUrl: "https://api.safaricom.co.ke",
    till: "5123456",
  });
  expect(readConfig({ ...mpesa, MPESA_BASE_URL: "http://127.0.0.1:4010/" }).mpesa?.baseUrl).toBe("http://127.0.0.1:4010");
});

test.each([
  [{ ...mpesa, MPESA_PASSKEY: "" }, "MPESA_PASSKEY: M-Pesa Express needs MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_PASSKEY, MPESA_SHORTCODE set together."],
  [{ ...mpesa, PUBLIC_URL: "" }, "PUBLIC_URL: M-Pesa Express needs the shop's public address for Daraja's callbacks."],
  [{ ...mpesa, PUBLIC_URL: "http://duka.example.co.ke" }, "PUBLIC_URL: The callback address must start with https://, as Safaricom only calls secure addresses."],
  [{ ...mpesa, PUBLIC_URL: "https://mpesa-shop.example.com" }, 'PUBLIC_URL: The callback address must not contain "mpesa", as Safaricom refuses addresses with that word.'],
  [{ ...mpesa, MPESA_SHORTCODE: "17-43" }, "MPESA_SHORTCODE: MPESA_SHORTCODE must be the paybill or store number, 5 to 7 digits."],
  [{ ...mpesa, MPESA_ENV: "live" }, "MPESA_ENV: MPESA_ENV must be sandbox or production."],
])("a setting M-Pesa Express cannot work with stops start-up with one sentence (%#)", (env, message) => {
  expect(() => readConfig(env)).toThrow(new ConfigurationError(message));
});

// SMS and email (issue 12): each channel all or none, with the public address their links need.

const sms = { AT_USERNAME: "duka", AT_API_KEY: "atsk_key", PUBLIC_URL: "https://duka.example.co.ke" };
const mail = { SMTP_URL: "smtp://shop:secret@mail.example.co.ke:587", MAIL_FROM: "shop@example.co.ke", PUBLIC_URL: "https://duka.example.co.ke" };

test("without their variables, SMS and email are off", () => {
  expect(readConfig({})).toMatchObject({ sms: undefined, mail: undefined });
  expect(readConfig({ AT_USERNAME: " ", SMTP_URL: "" })).toMatchObject({ sms: undefined, mail: undefined });
});

test("SMS goes to Africa's Talking: its sandbox for the sandbox account, the live service otherwise, or AT_BASE_URL", () => {
  expect(readConfig(sms).sms).toEqual({ username: "duka", apiKey: "atsk_key", senderId: undefined, baseUrl: "https://api.africastalking.com" });
  expect(readConfig({ ...sms, AT_USERNAME: "sandbox" }).sms?.baseUrl).toBe("https://api.sandbox.africastalking.com");
  expect(readConfig({ ...sms, AT_BASE_URL: "http://127.0.0.1:4020/", AT_SENDER_ID: "DUKA" }).sms).toMatchObject({
    baseUrl: "http://127.0.0.1:4020",
    senderId: "DUKA",
  });
  expect(readConfig(mail).mail).toEqual({ smtpUrl: "smtp://shop:secret@mail.example.co.ke:587", from: "shop@example.co.ke" });
});

test.each([
  [{ ...sms, AT_API_KEY: "" }, "AT_USERNAME, AT_API_KEY: SMS needs both set together."],
  [{ ...sms, PUBLIC_URL: "" }, "PUBLIC_URL: SMS messages need the shop's public address for their tracking links."],
  [{ ...sms, AT_SENDER_ID: "DUKA CRAFTS KENYA" }, "AT_SENDER_ID: AT_SENDER_ID must be the sender name Africa's Talking gave you, at most 11 characters."],
  [{ ...mail, MAIL_FROM: "" }, "SMTP_URL, MAIL_FROM: email needs both set together."],
  [{ ...mail, SMTP_URL: "mail.example.co.ke" }, "SMTP_URL: SMTP_URL must look like smtp://user:pass@host:587."],
  [{ ...mail, MAIL_FROM: "the shop" }, "MAIL_FROM: MAIL_FROM must be an email address such as shop@example.com."],
  [{ ...mail, PUBLIC_URL: "" }, "PUBLIC_URL: emails need the shop's public address for their links."],
])("a half-set or malformed channel stops start-up with one sentence", (env, message) => {
  expect(() => readConfig(env)).toThrow(new ConfigurationError(message));
});

// Several machines (issue 26): the release step, stopping, and what cannot be shared.

test("by default a process migrates at start-up and keeps serving 10 s after a SIGTERM", () => {
  expect(readConfig({})).toMatchObject({ migrates: true, shutdownGraceMs: 10_000 });
  expect(readConfig({ MIGRATE: "off", SHUTDOWN_GRACE_SECONDS: "2.5" })).toMatchObject({ migrates: false, shutdownGraceMs: 2_500 });
});

test.each([
  [{ MIGRATE: "no" }, "MIGRATE: MIGRATE must be on or off."],
  [{ SHUTDOWN_GRACE_SECONDS: "a while" }, "SHUTDOWN_GRACE_SECONDS: SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 120."],
  [{ SHUTDOWN_GRACE_SECONDS: "600" }, "SHUTDOWN_GRACE_SECONDS: SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 120."],
  [{ DUKA_PROCESSES: "0" }, "DUKA_PROCESSES: DUKA_PROCESSES must be 1 or more."],
  [{ DUKA_PROCESSES: "two" }, "DUKA_PROCESSES: DUKA_PROCESSES must be a whole number of 1 or more."],
])("a lifecycle setting it cannot read stops start-up with one sentence (%#)", (env, message) => {
  expect(() => readConfig(env)).toThrow(new ConfigurationError(message));
});

test("a production deployment of several processes refuses the built-in database and images on one machine's disk", () => {
  const fleet = { NODE_ENV: "production", DUKA_PROCESSES: "2" };
  expect(() => readConfig(fleet)).toThrow(
    new ConfigurationError(
      "DATABASE_URL: 2 processes (DUKA_PROCESSES) cannot share the built-in database, which one process owns; set DATABASE_URL to a PostgreSQL database.",
    ),
  );
  const postgres = { ...fleet, DATABASE_URL: "postgres://duka:duka@db:5432/duka" };
  expect(() => readConfig(postgres)).toThrow(
    new ConfigurationError(
      "S3_BUCKET: 2 processes (DUKA_PROCESSES) cannot share images kept on one machine's disk; set S3_BUCKET and the other S3_* settings to an object store.",
    ),
  );
  expect(readConfig({ ...postgres, S3_BUCKET: "duka-uploads", S3_REGION: "us-east-1" })).toMatchObject({
    databaseUrl: "postgres://duka:duka@db:5432/duka",
    storage: { kind: "s3", bucket: "duka-uploads" },
  });
  expect(() => readConfig({ NODE_ENV: "production", DUKA_PROCESSES: "1" })).not.toThrow();
  expect(() => readConfig({ NODE_ENV: "development", DUKA_PROCESSES: "2" })).not.toThrow();
});

// The database's connections (decision 062): the pool's size, and a separate address for the LISTEN connection.

const postgres = { DATABASE_URL: "postgres://duka:duka@pgbouncer:6432/duka" };

test("the pool holds 10 connections unless DATABASE_POOL_MAX says otherwise; LISTEN goes where DATABASE_URL does unless told", () => {
  expect(readConfig(postgres)).toMatchObject({ databasePoolMax: 10, databaseListenUrl: undefined });
  expect(readConfig({ ...postgres, DATABASE_POOL_MAX: "40", DATABASE_LISTEN_URL: " postgres://duka:duka@db:5432/duka " })).toMatchObject({
    databaseUrl: "postgres://duka:duka@pgbouncer:6432/duka",
    databasePoolMax: 40,
    databaseListenUrl: "postgres://duka:duka@db:5432/duka",
  });
  expect(readConfig({ ...postgres, DATABASE_LISTEN_URL: "" }).databaseListenUrl).toBeUndefined();
});

test.each([
  [{ ...postgres, DATABASE_POOL_MAX: "0" }, "DATABASE_POOL_MAX: DATABASE_POOL_MAX must be a whole number of connections from 1 to 1000."],
  [{ ...postgres, DATABASE_POOL_MAX: "2.5" }, "DATABASE_POOL_MAX: DATABASE_POOL_MAX must be a whole number of connections from 1 to 1000."],
  [{ ...postgres, DATABASE_POOL_MAX: "lots" }, "DATABASE_POOL_MAX: DATABASE_POOL_MAX must be a whole number of connections from 1 to 1000."],
  [{ ...postgres, DATABASE_LISTEN_URL: "db:5432/duka" }, "DATABASE_LISTEN_URL: DATABASE_LISTEN_URL must start with postgres:// or postgresql://."],
  [
    { DATABASE_LISTEN_URL: "postgres://duka:duka@db:5432/duka" },
    "DATABASE_LISTEN_URL: set it only beside DATABASE_URL, to the same database reached without a transaction-mode pooler.",
  ],
])("a pool size or listening address the shop cannot use stops start-up with one sentence (%#)", (env, message) => {
  expect(() => readConfig(env)).toThrow(new ConfigurationError(message));
});
// Where uploaded images are kept (issue 26, decision 060): the uploads folder unless S3_BUCKET names a bucket.

const s3 = { S3_BUCKET: "duka-images", S3_REGION: "us-east-1" };

test("without S3_BUCKET, images stay in the uploads folder and the pages fetch them from /uploads", () => {
  const config = readConfig({ DATA_DIR: "/srv/duka" });
  expect(config.storage).toEqual({ kind: "local", dir: "/srv/duka/uploads" });
  expect(config.uploadsPublicUrl).toBeUndefined();
  expect(readConfig({ UPLOADS_DIR: "/mnt/shared/uploads", S3_BUCKET: " " }).storage).toEqual({ kind: "local", dir: "/mnt/shared/uploads" });
});

test("with S3_BUCKET, images go to the bucket, through the endpoint and credentials given or the machine's own", () => {
  expect(readConfig(s3).storage).toEqual({
    kind: "s3",
    bucket: "duka-images",
    region: "us-east-1",
    endpoint: undefined,
    credentials: undefined,
    forcePathStyle: false,
  });
  const minio = {
    ...s3,
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_ACCESS_KEY_ID: "duka",
    S3_SECRET_ACCESS_KEY: "a secret",
    S3_FORCE_PATH_STYLE: "true",
  };
  expect(readConfig(minio).storage).toMatchObject({
    endpoint: "http://127.0.0.1:9000",
    credentials: { accessKeyId: "duka", secretAccessKey: "a secret" },
    forcePathStyle: true,
  });
});

test.each([
  [{ S3_REGION: "auto", S3_ENDPOINT: "https://x.r2.cloudflarestorage.com" }, "S3_REGION, S3_ENDPOINT: object storage also needs S3_BUCKET; set it, or unset these to keep images in the uploads folder."],
  [{ S3_BUCKET: "duka-images" }, "S3_REGION: object storage needs the bucket's region (us-east-1 for most S3-compatible stores, auto for R2)."],
  [{ ...s3, S3_ACCESS_KEY_ID: "duka" }, "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: object storage needs both set together (or neither, to use the AWS credentials of the machine)."],
  [{ ...s3, S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT: S3_ENDPOINT must be the store's address, such as https://s3.example.com."],
  [{ ...s3, S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be true or false."],
  [{ UPLOADS_PUBLIC_URL: "http://images.example.com" }, "UPLOADS_PUBLIC_URL: UPLOADS_PUBLIC_URL must be an https address, such as https://images.example.com."],
])("half-configured object storage is refused with one sentence: %j", (env, message) => {
  expect(() => readConfig(env)).toThrow(new ConfigurationError(message));
});

test("UPLOADS_PUBLIC_URL is kept without its trailing slash", () => {
  expect(readConfig({ ...s3, UPLOADS_PUBLIC_URL: "https://images.example.com/duka/" }).uploadsPublicUrl).toBe("https://images.example.com/duka");
});

test("METRICS_TOKEN turns /metrics on, and must be long enough to guess nothing from", () => {
  expect(readConfig({}).metricsToken).toBeUndefined();
  expect(readConfig({ METRICS_TOKEN: " " }).metricsToken).toBeUndefined();
  expect(readConfig({ METRICS_TOKEN: "0123456789abcdef0123456789abcdef" }).metricsToken).toBe("0123456789abcdef0123456789abcdef");
  expect(() => readConfig({ METRICS_TOKEN: "secret" })).toThrow(
    new ConfigurationError("METRICS_TOKEN: METRICS_TOKEN must be 32 to 256 characters without spaces, e.g. from `openssl rand -hex 32`."),
  );
});
