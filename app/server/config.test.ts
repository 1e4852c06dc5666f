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

test("METRICS_TOKEN turns /metrics on, and must be long enough to guess nothing from", () => {
  expect(readConfig({}).metricsToken).toBeUndefined();
  expect(readConfig({ METRICS_TOKEN: " " }).metricsToken).toBeUndefined();
  expect(readConfig({ METRICS_TOKEN: "0123456789abcdef0123456789abcdef" }).metricsToken).toBe("0123456789abcdef0123456789abcdef");
  expect(() => readConfig({ METRICS_TOKEN: "secret" })).toThrow(
    new ConfigurationError("METRICS_TOKEN: METRICS_TOKEN must be 32 to 256 characters without spaces, e.g. from `openssl rand -hex 32`."),
  );
});
