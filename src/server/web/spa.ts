import { readFile } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { SiteConfig } from "../../shared/site-config";
import type { AppBindings } from "../http/bindings";
import { contentSecurityPolicy, inlineScriptHashes } from "../http/security-headers";

/** How the server gets the page shell: the built file, or Vite's transform in development. */
export interface WebShell {
  staticRoot?: string;
  loadIndexHtml(url: string): Promise<string>;
}

// JSON inside <script> must not be able to close the tag.
function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Structured data for search engines: the app itself is free to open; plans are sold inside. */
function structuredData(site: SiteConfig) {
  return {
    "@context": "https://schema.org",
    "@type": "WebApplication",
    name: site.productName,
    url: site.publicUrl,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    publisher: { "@type": "Organization", name: site.companyName },
  };
}

export function injectSiteConfig(html: string, site: SiteConfig): string {
  const tags = [
    `<script id="site-config" type="application/json">${serializeForScript(site)}</script>`,
    `<script type="application/ld+json">${serializeForScript(structuredData(site))}</script>`,
  ];
  return html.replace("</head>", `${tags.join("\n")}\n</head>`);
}

function isShellPath(requestPath: string): boolean {
  return requestPath.endsWith("/") || requestPath.endsWith(".html");
}

export function builtWebShell(distWebDir: string): WebShell {
  let indexHtml: Promise<string> | undefined;
  return {
    staticRoot: distWebDir,
    loadIndexHtml: () => (indexHtml ??= readFile(path.join(distWebDir, "index.html"), "utf8")),
  };
}

/** Serves built assets and answers every other GET outside /api with the SPA shell. */
export function mountSpa(app: Hono<AppBindings>, shell: WebShell, site: SiteConfig): void {
  if (shell.staticRoot) {
    const serveFile = serveStatic<AppBindings>({ root: shell.staticRoot, precompressed: true });
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    // The shell itself always goes through the injection below, never as a raw file.
    app.use("*", (c, next) => (isShellPath(c.req.path) ? next() : serveFile(c, next)));
  }
  app.get("*", async (c) => {
    const html = injectSiteConfig(await shell.loadIndexHtml(c.req.url), site);
    c.header("Cache-Control", "no-cache");
    c.header("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html)));
    return c.html(html);
  });
}
