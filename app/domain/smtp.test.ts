import { expect, test } from "vitest";
import { smtpServer } from "./smtp";

test("a login to a mail server elsewhere over smtp:// waits for STARTTLS", () => {
  expect(smtpServer("smtp://shop%40duka.co.ke:p%3Ass@mail.example.co.ke:587")).toEqual({
    host: "mail.example.co.ke",
    port: 587,
    secure: false,
    requireTLS: true,
    auth: { user: "shop@duka.co.ke", pass: "p:ss" },
  });
});

test.each([
  "smtp://shop:secret@mail.example.co.ke",
  "smtp://shop:secret@203.0.113.7:25",
  "smtp://shop:secret@10.0.0.5:2525",
  "smtp://shop:secret@[2001:db8::25]:587",
  "smtp://shop:secret@127.0.0.1.example.com:587",
  "smtp://shop:secret@localhost.example.com:587",
  "smtp://shop:secret@127.1:25",
])("%s is elsewhere: STARTTLS is required", (url) => {
  expect(smtpServer(url).requireTLS).toBe(true);
});

test.each([
  "smtp://duka:sim-password@127.0.0.1:2525",
  "smtp://duka:sim-password@127.0.0.2:2525",
  "smtp://duka:sim-password@localhost:25",
  "smtp://duka:sim-password@LOCALHOST:25",
  "smtp://duka:sim-password@relay.localhost:25",
  "smtp://duka:sim-password@[::1]:25",
  "smtp://duka:sim-password@[::ffff:127.0.0.1]:25",
])("%s is this machine: a plain connection may carry the login", (url) => {
  expect(smtpServer(url).requireTLS).toBe(false);
});

test("smtps:// is TLS from the start, on port 465 unless another is given", () => {
  expect(smtpServer("smtps://shop:secret@mail.example.co.ke")).toMatchObject({ port: 465, secure: true, requireTLS: false });
});

test("without a login there is no password to protect, and port 587 is the default", () => {
  expect(smtpServer("smtp://mail.example.co.ke")).toEqual({ host: "mail.example.co.ke", port: 587, secure: false, requireTLS: false, auth: undefined });
});
