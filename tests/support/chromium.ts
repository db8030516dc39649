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
  const systemBrowser = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
  // The package's shell is built for Linux only.
  if (process.platform === "linux") {
    try {
      const { default: packaged } = await import("@sparticuz/chromium");
      return { executablePath: await packaged.executablePath(), args: quietArgs };
    } catch (error) {
      // Said, not swallowed: the system's browser works too, but takes about half as long again.
      if (!systemBrowser) throw new Error("No Chromium: the @sparticuz/chromium headless shell did not unpack; set CHROMIUM_PATH", { cause: error });
      process.stderr.write(`The @sparticuz/chromium headless shell did not unpack (${String(error)}); using ${systemBrowser}, which is slower (ADR 048).\n`);
    }
  }
  if (systemBrowser) return { executablePath: systemBrowser, args: quietArgs };
  throw new Error("No Chromium: set CHROMIUM_PATH, or install Debian's chromium");
}
