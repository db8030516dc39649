import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppBindings } from "./bindings";

/**
 * The address a trusted proxy saw: the last X-Forwarded-For entry, the one the proxy appended.
 * Entries before it are whatever the client sent, so taking the first would let anyone choose
 * their own address (and a fresh rate-limit counter) with a forged header.
 */
export function forwardedClientIp(header: string | undefined): string | undefined {
  return (
    header
      ?.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1) || undefined
  );
}

/** The caller's address: the socket's, or the one the trusted proxy appended to X-Forwarded-For. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Where a request came from as the audit log keeps it, for events whose actor has no session (ADR 020). */
export function requestSource(c: Context<AppBindings>, trustProxy: boolean): { ip: string; userAgent: string | null; requestId: string } {
  return { ip: clientIp(c, trustProxy), userAgent: c.req.header("user-agent") ?? null, requestId: c.get("requestId") };
}

/**
 * The header our auth handler (Better Auth) reads the caller's address from. Always set by us from
 * clientIp, replacing whatever a client sent, so both read the address one way.
 */
export const CLIENT_IP_HEADER = "x-clausewise-client-ip";

/** The request's headers with the caller's address as clientIp resolved it. */
export function headersWithClientIp(headers: Headers, ip: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_IP_HEADER, ip);
  return copy;
}

/** A host name or address (a socket's, or a Host header's with or without its port) that names this machine. */
export function isLoopbackHost(host: string): boolean {
  const isBareIpv6 = (host.match(/:/g) ?? []).length > 1 && !host.startsWith("[");
  const name = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : isBareIpv6 ? host.replace(/^::ffff:/, "") : host.replace(/:\d+$/, "");
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A request made on this machine itself, not relayed by a proxy. */
export function isLocalRequest(c: Context): boolean {
  if (c.req.header("x-forwarded-for") || c.req.header("forwarded") || c.req.header("x-real-ip")) return false;
  try {
    return isLoopbackHost(getConnInfo(c).remote.address ?? "");
  } catch {
    return false;
  }
}
