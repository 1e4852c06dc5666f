import { describe, expect, test } from "vitest";
import { isSafaricomAddress, SAFARICOM_CALLBACK_NETWORKS } from "./mpesa-callers";
import { safaricomCallbacksOnly } from "./mpesa-settings";
import { isInNetwork } from "./network-address";

describe("isSafaricomAddress", () => {
  test.each([
    // The addresses Safaricom publishes for its callbacks.
    "196.201.214.200",
    "196.201.214.206",
    "196.201.214.207",
    "196.201.214.208",
    "196.201.213.44",
    "196.201.213.114",
    "196.201.212.69",
    "196.201.212.74",
    "196.201.212.127",
    "196.201.212.129",
    "196.201.212.136",
    "196.201.212.138",
    // Others beside them in the same networks, and as a dual-stack server reports an IPv4 client.
    "196.201.214.1",
    "::ffff:196.201.213.44",
    "::FFFF:196.201.212.138",
  ])("%s is Safaricom's", (address) => {
    expect(isSafaricomAddress(address)).toBe(true);
  });

  test.each(["196.201.215.200", "196.201.211.255", "196.200.214.200", "203.0.113.5", "127.0.0.1", "::ffff:10.0.0.1", "2c0f:fe38::1", "", "unknown", undefined])(
    "%j is not",
    (address) => {
      expect(isSafaricomAddress(address)).toBe(false);
    },
  );

  test("the list is three /24 networks, each a well-formed CIDR", () => {
    expect(SAFARICOM_CALLBACK_NETWORKS).toHaveLength(3);
    for (const network of SAFARICOM_CALLBACK_NETWORKS) expect(isInNetwork(network.replace(/\/24$/, ""), network)).toBe(true);
  });
});

describe("isInNetwork", () => {
  test.each([
    ["10.1.2.3", "10.0.0.0/8", true],
    ["11.0.0.0", "10.0.0.0/8", false],
    ["192.168.1.255", "192.168.1.0/24", true],
    ["192.168.2.0", "192.168.1.0/23", false],
    ["192.168.0.7", "192.168.1.0/23", true],
    ["100.64.0.1", "100.64.0.0/10", true],
    ["100.128.0.1", "100.64.0.0/10", false],
    ["8.8.8.8", "0.0.0.0/0", true],
    ["8.8.8.8", "8.8.8.8/32", true],
    ["8.8.8.9", "8.8.8.8/32", false],
    ["2001:db8::1", "2001:db8::/32", true],
    ["2001:db9::1", "2001:db8::/32", false],
    ["[2c0f:fe38:2001:7f::1]", "2c0f:fe38:2001:7f::/64", true],
    ["2c0f:fe38:2001:80::1", "2c0f:fe38:2001:7f::/64", false],
    ["::ffff:10.0.0.1", "10.0.0.0/8", true],
    ["10.0.0.1", "::ffff:10.0.0.0/104", false],
  ] as const)("%s in %s: %s", (address, network, inside) => {
    expect(isInNetwork(address, network)).toBe(inside);
  });

  test.each([
    ["10.0.0.1", "10.0.0.0"],
    ["10.0.0.1", "10.0.0.0/33"],
    ["10.0.0.1", "10.0.0.0/"],
    ["10.0.0.1", "10.0.0.0/8/8"],
    ["10.0.0.1", "10.0.0/8"],
    ["2001:db8::1", "2001:db8::/129"],
    ["not an address", "10.0.0.0/8"],
    ["10.0.0.1", "not a network/8"],
  ])("%j is never inside %j", (address, network) => {
    expect(isInNetwork(address, network)).toBe(false);
  });
});

test("'only Safaricom' is off for settings saved before it existed", () => {
  expect(safaricomCallbacksOnly({})).toBe(false);
  expect(safaricomCallbacksOnly({ mpesaCallbacksFromSafaricomOnly: true })).toBe(true);
});
