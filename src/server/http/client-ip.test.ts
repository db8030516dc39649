import { describe, expect, it } from "vitest";
import { forwardedClientIp } from "./client-ip";

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
