import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServer, waitForHealth } from "../tests/e2e/support/server-process";
import { resolveChromium } from "../tests/support/chromium";

const JS_BUDGET_KB = 150;
const FCP_BUDGET_MS = 1000;
const FCP_RUNS = 7;
const distWeb = path.resolve("dist/web");

/** The JavaScript a browser must fetch before the landing page can run: entry + modulepreloads. */
export function initialScripts(indexHtml: string): string[] {
  const sources = [...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1]!);
  return [...new Set([...sources, ...preloads])];
}

function gzippedKb(asset: string): number {
  return statSync(path.join(distWeb, `${asset}.gz`)).size / 1024;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measureFirstContentfulPaint(url: string): Promise<number[]> {
  const browser = await chromium.launch(await resolveChromium());
  const samples: number[] = [];
  try {
    for (let run = 0; run < FCP_RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName("first-contentful-paint")[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: "paint", buffered: true });
          }),
      );
      samples.push(fcp);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return samples;
}

export async function runLandingBudget(): Promise<boolean> {
  console.log("Building the web app…");
  execSync("npm run build", { stdio: "ignore" });
  const scripts = initialScripts(readFileSync(path.join(distWeb, "index.html"), "utf8"));
  const jsKb = scripts.reduce((total, script) => total + gzippedKb(script.replace(/^\//, "")), 0);

  const port = "3190";
  const server = startServer({ PORT: port, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "cw-bench-")), LOG_LEVEL: "warn" });
  let samples: number[];
  try {
    await waitForHealth(`http://127.0.0.1:${port}`);
    samples = await measureFirstContentfulPaint(`http://127.0.0.1:${port}/`);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  const fcpMedian = percentile(samples, 50);
  const fcpWorst = Math.max(...samples);
  const isJsWithinBudget = jsKb <= JS_BUDGET_KB;
  const isFcpWithinBudget = fcpWorst < FCP_BUDGET_MS;
  console.log("\nLanding page budget");
  console.table({
    "initial JS (gzip)": { measured: `${jsKb.toFixed(1)} KB in ${scripts.length} file(s)`, budget: `≤ ${JS_BUDGET_KB} KB`, ok: isJsWithinBudget },
    "first contentful paint": {
      measured: `median ${fcpMedian.toFixed(0)} ms, worst ${fcpWorst.toFixed(0)} ms of ${FCP_RUNS}`,
      budget: `< ${FCP_BUDGET_MS} ms`,
      ok: isFcpWithinBudget,
    },
  });
  return isJsWithinBudget && isFcpWithinBudget;
}
