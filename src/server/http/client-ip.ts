import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The caller's address: the socket's, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const loopbackAddresses = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** A request made on this machine itself, not relayed by a proxy. */
export function isLocalRequest(c: Context): boolean {
  if (c.req.header("x-forwarded-for") || c.req.header("forwarded") || c.req.header("x-real-ip")) return false;
  try {
    return loopbackAddresses.has(getConnInfo(c).remote.address ?? "");
  } catch {
    return false;
  }
}
