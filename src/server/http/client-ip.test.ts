import { describe, expect, it } from "vitest";
import { forwardedClientIp, isLoopbackHost } from "./client-ip";

describe("forwardedClientIp: the entry the trusted proxy appended", () => {
  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["198.51.100.7, 192.0.2.1", "192.0.2.1"],
    ["forged, 198.51.100.7 ,192.0.2.1 ", "192.0.2.1"],
    ["192.0.2.1, ", "192.0.2.1"],
    ["", undefined],
    [undefined, undefined],
  ])("%s → %s", (header, ip) => {
    expect(forwardedClientIp(header)).toBe(ip);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["localhost", true],
    ["localhost:3000", true],
    ["127.0.0.1", true],
    ["127.0.0.1:5391", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:10.0.0.5", false],
    ["[::1]:3000", true],
    ["0.0.0.0", false],
    ["contracts.example.com", false],
    ["contracts.example.com:443", false],
    ["127.0.0.1.evil.example", false],
    ["localhost.evil.example", false],
    ["", false],
  ])("%s: %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
