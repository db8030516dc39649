/** DEV_MAILBOX: `auto` offers /dev/mailbox only where it cannot be reached from elsewhere; `on` and `off` decide outright. */
export const devMailboxSettings = ["auto", "on", "off"] as const;
export type DevMailboxSetting = (typeof devMailboxSettings)[number];

/** A host name or address (a Host header's, with or without its port) that names this machine. */
export function isLoopbackHost(host: string): boolean {
  const isBareIpv6 = (host.match(/:/g) ?? []).length > 1 && !host.startsWith("[");
  const name = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : isBareIpv6 ? host : host.replace(/:\d+$/, "");
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Whether this server offers the mailbox at all. It shows sign-in codes, so with `auto` only a
 * server that listens on loopback and is not run as production offers it: anything else may sit
 * behind a proxy that makes every visitor look local.
 */
export function offersDevMailbox(server: { setting: DevMailboxSetting; isOutboxActive: boolean; bindHost: string; isProduction: boolean }): boolean {
  if (!server.isOutboxActive || server.setting === "off") return false;
  return server.setting === "on" || (!server.isProduction && isLoopbackHost(server.bindHost));
}

/** Whether one request may read it: from this machine's own socket, addressed to this machine by name (not a proxied host). */
export function mayReadDevMailbox(request: { setting: DevMailboxSetting; isLocalSocket: boolean; hostHeader: string | undefined }): boolean {
  if (!request.isLocalSocket) return false;
  return request.setting === "on" || isLoopbackHost(request.hostHeader ?? "");
}
