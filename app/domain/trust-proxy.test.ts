import express from "express";
import { describe, expect, test } from "vitest";
import { parseTrustProxy } from "./trust-proxy";

describe("parseTrustProxy", () => {
  test.each([undefined, "", "  ", "0"])("%j trusts no proxy", (value) => {
    expect(parseTrustProxy(value)).toEqual({ ok: true, proxies: false });
  });

  test.each([
    ["1", 1],
    [" 2 ", 2],
    ["10", 10],
  ])("%j is that many proxies in front of the shop", (value, hops) => {
    expect(parseTrustProxy(value)).toEqual({ ok: true, proxies: hops });
  });

  test.each([
    ["10.0.0.2", ["10.0.0.2"]],
    ["10.0.0.2, 172.16.0.0/12", ["10.0.0.2", "172.16.0.0/12"]],
    ["loopback", ["loopback"]],
    ["loopback,uniquelocal,linklocal", ["loopback", "uniquelocal", "linklocal"]],
    ["2001:db8::1, 2001:db8:1::/48", ["2001:db8::1", "2001:db8:1::/48"]],
    ["::ffff:10.0.0.2", ["::ffff:10.0.0.2"]],
    ["0.0.0.0/0", ["0.0.0.0/0"]],
    ["127.0.0.1/32", ["127.0.0.1/32"]],
    ["::/128", ["::/128"]],
  ])("%j is a list of proxy addresses", (value, proxies) => {
    expect(parseTrustProxy(value)).toEqual({ ok: true, proxies });
  });

  test.each([
    "true",
    "yes",
    "-1",
    "1.5",
    "11",
    "999999999999",
    "10.0.0.256",
    "10.0.0",
    "10.0.0.0/33",
    "10.0.0.0/",
    "10.0.0.0/8/8",
    "2001:db8::/129",
    "fe80::1%eth0",
    "proxy.example.com",
    "10.0.0.2,,10.0.0.3",
    "10.0.0.2, banana",
    "1, 10.0.0.2",
  ])("%j is refused in one sentence naming the value", (value) => {
    const parsed = parseTrustProxy(value);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toBe(
      `TRUST_PROXY must be how many proxies stand in front of the shop (such as 1) or their addresses, comma-separated (such as 10.0.0.2, 172.16.0.0/12 or loopback), not "${value.trim()}".`,
    );
  });

  test("every value it accepts is one Express takes, and trusts what it says", () => {
    const trusts = (value: string, address: string, hop = 0) => {
      const parsed = parseTrustProxy(value);
      if (!parsed.ok) throw new Error(parsed.message);
      const app = express().set("trust proxy", parsed.proxies);
      return (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(address, hop);
    };
    expect(trusts("", "127.0.0.1")).toBe(false);
    expect(trusts("1", "203.0.113.9")).toBe(true);
    expect(trusts("1", "203.0.113.9", 1)).toBe(false);
    expect(trusts("10.0.0.2, 172.16.0.0/12", "172.20.1.1")).toBe(true);
    expect(trusts("10.0.0.2, 172.16.0.0/12", "10.0.0.3")).toBe(false);
    expect(trusts("loopback", "127.0.0.1")).toBe(true);
    expect(trusts("loopback", "::1")).toBe(true);
    expect(trusts("2001:db8:1::/48", "2001:db8:1:ffff::5")).toBe(true);
    expect(trusts("2001:db8:1::/48", "2001:db8:2::5")).toBe(false);
  });
});
