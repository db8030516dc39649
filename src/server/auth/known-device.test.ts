import { describe, expect, it } from "vitest";
import { createKnownDevices } from "./known-device";

const devices = createKnownDevices("test-secret");

describe("known devices", () => {
  it("knows a browser for each account that signed in on it, and for no other", () => {
    const first = devices.remember(undefined, "ana@clinic.example");
    const both = devices.remember(first, "ben@clinic.example");
    const deviceId = first.split(".")[0];
    expect(both.split(".")[0]).toBe(deviceId);
    expect(devices.deviceFor(both, "ana@clinic.example")).toBe(deviceId);
    expect(devices.deviceFor(both, "BEN@clinic.example")).toBe(deviceId);
    expect(devices.deviceFor(both, "cy@clinic.example")).toBeUndefined();
  });

  it.each([
    ["no cookie", undefined],
    ["a mark under another browser id", `${"A".repeat(22)}.${devices.remember(undefined, "ana@clinic.example").split(".")[1]}`],
    ["a forged mark", `${"A".repeat(22)}.forged`],
    ["a mark made with another secret", createKnownDevices("other-secret").remember(undefined, "ana@clinic.example")],
    ["a malformed id", "short.mark"],
  ])("does not know %s", (_case, cookie) => {
    expect(devices.deviceFor(cookie, "ana@clinic.example")).toBeUndefined();
  });

  it("keeps the five latest accounts", () => {
    let cookie: string | undefined;
    for (let index = 0; index < 7; index++) cookie = devices.remember(cookie, `person${index}@clinic.example`);
    expect(devices.deviceFor(cookie, "person6@clinic.example")).toBeDefined();
    expect(devices.deviceFor(cookie, "person2@clinic.example")).toBeDefined();
    expect(devices.deviceFor(cookie, "person1@clinic.example")).toBeUndefined();
  });
});
