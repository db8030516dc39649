import { describe, expect, it } from "vitest";
import { mayReadDevMailbox, offersDevMailbox, type DevMailboxSetting } from "./mailbox-access";

describe("offersDevMailbox", () => {
  it.each<[string, DevMailboxSetting, boolean, string, boolean, boolean]>([
    ["a local install (npm start)", "auto", true, "127.0.0.1", false, true],
    ["listening on every interface (a container, a VM)", "auto", true, "0.0.0.0", false, false],
    ["run as production on loopback", "auto", true, "127.0.0.1", true, false],
    ["SMTP configured", "auto", false, "127.0.0.1", false, false],
    ["SMTP configured, even with DEV_MAILBOX=on", "on", false, "0.0.0.0", false, false],
    ["DEV_MAILBOX=on behind anything", "on", true, "0.0.0.0", true, true],
    ["DEV_MAILBOX=off on a local install", "off", true, "127.0.0.1", false, false],
  ])("%s", (_case, setting, isOutboxActive, bindHost, isProduction, expected) => {
    expect(offersDevMailbox({ setting, isOutboxActive, bindHost, isProduction })).toBe(expected);
  });
});

describe("mayReadDevMailbox", () => {
  it.each<[string, DevMailboxSetting, boolean, string | undefined, boolean]>([
    ["this machine's browser at localhost", "auto", true, "localhost:3000", true],
    ["a proxy on this machine passing its public Host on", "auto", true, "contracts.example.com", false],
    ["a request from another machine", "auto", false, "localhost:3000", false],
    ["no Host header", "auto", true, undefined, false],
    ["DEV_MAILBOX=on: any Host, but still this machine's socket", "on", true, "contracts.example.com", true],
    ["DEV_MAILBOX=on from another machine", "on", false, "localhost", false],
  ])("%s", (_case, setting, isLocalSocket, hostHeader, expected) => {
    expect(mayReadDevMailbox({ setting, isLocalSocket, hostHeader })).toBe(expected);
  });
});
