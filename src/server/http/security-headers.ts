import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./bindings";

/** Where the app's pages may load from: its own origin only, and no page may frame it. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // pdf.js decodes some images with WebAssembly; nothing here evaluates strings as code.
    "script-src": ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
    // Radix and sonner position with style attributes and inserted <style> elements.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** The browser features the app never uses, turned off for it and anything it embeds. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()";

const scriptElement = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const dataScriptType = /\stype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The SHA-256 (base64) of every inline script a page runs; JSON data blocks are not run, so not listed. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(scriptElement)]
    .filter(([, attributes = ""]) => !/\ssrc\s*=/i.test(attributes) && !dataScriptType.test(attributes))
    .map(([, , body = ""]) => createHash("sha256").update(body, "utf8").digest("base64"));
}

/**
 * Content-Security-Policy and Permissions-Policy on every response (the page shell replaces the
 * CSP with one that names its inline scripts), and HSTS only when the app is served over https:
 * over plain http a browser ignores it, and on a local install it would stick to localhost.
 */
export function securityHeaders(publicUrl: string): MiddlewareHandler<AppBindings> {
  const isHttps = new URL(publicUrl).protocol === "https:";
  const policy = contentSecurityPolicy();
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", policy);
    c.header("Permissions-Policy", PERMISSIONS_POLICY);
    if (isHttps) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
