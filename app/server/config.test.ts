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
