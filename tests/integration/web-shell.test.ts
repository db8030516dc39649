import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtWebShell } from "../../src/server/web/spa";
import { createTestApp, type TestApp } from "../support/test-app";

const themeScript = 'document.documentElement.classList.add("dark");';

async function makeBuiltWeb(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cw-web-"));
  await mkdir(path.join(dir, "assets"));
  await writeFile(path.join(dir, "index.html"), `<html><head><title>CW</title><script>${themeScript}</script></head><body><div id=root></div></body></html>`);
  await writeFile(path.join(dir, "assets", "app-abc123.js"), "console.log('app')");
  await writeFile(path.join(dir, "favicon.svg"), "<svg/>");
  return dir;
}

describe("serving the web app", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { COMPANY_NAME: "Acme Health Tools LLC" }, web: builtWebShell(await makeBuiltWeb()) });
  });
  afterAll(() => testApp.close());

  it.each(["/", "/termsofservice", "/privacypolicy", "/some/unknown/page", "/index.html"])(
    "answers %s with the page shell carrying the site configuration",
    async (requestPath) => {
      const response = await testApp.app.request(requestPath);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      expect(html).toContain('<script id="site-config" type="application/json">');
      expect(html).toContain('"companyName":"Acme Health Tools LLC"');
    },
  );

  it("lets the page run its own inline theme script and nothing else inline, and be framed by no one", async () => {
    const policy = (await testApp.app.request("/app/documents")).headers.get("content-security-policy")!;
    const themeHash = createHash("sha256").update(themeScript).digest("base64");
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${themeHash}';`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("connect-src 'self'");
  });

  it("puts a policy and the turned-off browser features on API answers too, and no HSTS over plain http", async () => {
    const response = await testApp.app.request("/api/health");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when the app is served over https", async () => {
    const httpsApp = await createTestApp({ env: { PUBLIC_URL: "https://contracts.example.com" } });
    try {
      expect((await httpsApp.app.request("/api/health")).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await httpsApp.close();
    }
  });

  it("serves hashed assets as immutable", async () => {
    const response = await testApp.app.request("/assets/app-abc123.js");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("console.log('app')");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves other public files", async () => {
    const response = await testApp.app.request("/favicon.svg");
    expect(await response.text()).toBe("<svg/>");
  });

  it("does not serve files outside the web folder", async () => {
    const response = await testApp.app.request("/..%2f..%2fetc%2fpasswd");
    expect(await response.text()).not.toContain("root:");
  });

  it("sends security headers", async () => {
    const response = await testApp.app.request("/");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
