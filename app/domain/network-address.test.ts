import { describe, expect, test } from "vitest";
import { isLocalHostName, isPublicAddress } from "./network-address";

describe("isPublicAddress", () => {
  test.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "192.0.2.10",
    "198.18.0.1",
    "::",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "fc00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "fec0::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::10.0.0.1",
    "2002:0a00:0001::1",
    "::127.0.0.1",
    "2001:db8::1",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "192.169.0.1",
    "11.0.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::1",
    "fe7f::1",
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each(["", "localhost", "256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4x", "1::2::3", "12345::1", "::ffff:999.0.0.1", "1:2:3:4:5:6:7:8:9", ":1"])(
    "%j is no address, so not public",
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

test("localhost and its subdomains are this machine, whatever their case", () => {
  expect(["localhost", "LOCALHOST", "localhost.", "shop.localhost", "a.b.localhost"].every(isLocalHostName)).toBe(true);
  expect(["localhost.example", "mylocalhost", "example.com"].some(isLocalHostName)).toBe(false);
});
