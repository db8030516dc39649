import { isLoopbackHost } from "../../http/client-ip";

/** DEV_MAILBOX: `auto` offers /dev/mailbox only where it cannot be reached from elsewhere; `on` and `off` decide outright. */
export const devMailboxSettings = ["auto", "on", "off"] as const;
export type DevMailboxSetting = (typeof devMailboxSettings)[number];

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
