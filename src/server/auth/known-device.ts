import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The cookie that marks a browser as one an account signed in on: its password tries are counted apart (ADR 028). */
export const KNOWN_DEVICE_COOKIE = "known_device";
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts one browser is known for; the oldest is dropped past this. */
const MAX_ACCOUNTS = 5;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * `<device id>.<mark>.<mark>…`: a random id for the browser and, per account signed in on it, an
 * HMAC of the id and the account's address. Only the server can make a mark, and a mark is good
 * for its own account and browser id only: a mark copied to another id, or signing in to one's own
 * account, gives no standing with another account.
 */
export function createKnownDevices(secret: string) {
  const markOf = (deviceId: string, email: string) =>
    createHmac("sha256", secret).update(`known-device:${deviceId}:${email.toLowerCase()}`).digest("base64url").slice(0, 22);

  function parse(cookie: string | undefined): { deviceId: string; marks: string[] } | undefined {
    const [deviceId, ...marks] = (cookie ?? "").split(".");
    return deviceId && DEVICE_ID.test(deviceId) ? { deviceId, marks: marks.slice(0, MAX_ACCOUNTS) } : undefined;
  }

  return {
    /** The browser's id when its cookie marks it known for `email`; undefined otherwise. */
    deviceFor(cookie: string | undefined, email: string): string | undefined {
      const parsed = parse(cookie);
      if (!parsed) return undefined;
      const expected = Buffer.from(markOf(parsed.deviceId, email));
      const isKnown = parsed.marks.some((mark) => {
        const given = Buffer.from(mark);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      return isKnown ? parsed.deviceId : undefined;
    },

    /** The cookie's new value once `email` signed in on this browser: its mark first, the browser's id kept. */
    remember(cookie: string | undefined, email: string): string {
      const parsed = parse(cookie);
      const deviceId = parsed?.deviceId ?? randomBytes(16).toString("base64url");
      const mark = markOf(deviceId, email);
      return [deviceId, mark, ...(parsed?.marks ?? []).filter((other) => other !== mark)].slice(0, MAX_ACCOUNTS + 1).join(".");
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
