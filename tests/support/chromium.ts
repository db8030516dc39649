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
 * CHROMIUM_PATH, then the headless shell shipped inside the @sparticuz/chromium npm package, then
 * Debian's /usr/bin/chromium, so `npm install && npm test` needs no system browser. The headless
 * shell comes before the system's browser: a full Chromium runs headless as a whole browser, and
 * took about 40 % more CPU for the same pages on a 2-core machine, most of Playwright's time (ADR 048).
 * It runs without --no-zygote, an AWS Lambda setting the package suggests: with its zygote, Chromium
 * forks each new renderer instead of starting one from scratch.
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return { executablePath: configured, args: quietArgs };
  const headlessShell = await packagedHeadlessShell();
  if (headlessShell) return { executablePath: headlessShell, args: quietArgs };
  if (existsSync("/usr/bin/chromium")) return { executablePath: "/usr/bin/chromium", args: quietArgs };
  throw new Error("No Chromium: set CHROMIUM_PATH, or install @sparticuz/chromium (npm install) or Debian's chromium");
}

/** The package's shell, unpacked on first use; undefined where it does not run (it is built for Linux). */
async function packagedHeadlessShell(): Promise<string | undefined> {
  if (process.platform !== "linux") return undefined;
  try {
    const { default: packaged } = await import("@sparticuz/chromium");
    return await packaged.executablePath();
  } catch {
    return undefined;
  }
}
