import { existsSync } from "node:fs";

// Flags that keep Chromium quiet on a machine with no network beyond loopback.
const quietArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * CHROMIUM_PATH, then Debian's /usr/bin/chromium, then the Chromium shipped inside the
 * @sparticuz/chromium npm package, so `npm install && npm test` needs no system browser.
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return { executablePath: configured, args: quietArgs };
  if (existsSync("/usr/bin/chromium")) return { executablePath: "/usr/bin/chromium", args: quietArgs };
  const { default: packaged } = await import("@sparticuz/chromium");
  return { executablePath: await packaged.executablePath(), args: [...quietArgs, "--no-zygote"] };
}
