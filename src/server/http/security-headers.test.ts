import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inlineScriptHashes", () => {
  it.each<[string, string, string[]]>([
    ["a classic inline script", "<script>var a = 1;</script>", [sha256("var a = 1;")]],
    ["an inline module (Vite's development preamble)", '<script type="module">import x from "/y";</script>', [sha256('import x from "/y";')]],
    ["its whitespace, exactly as written", "<script>\n  go();\n</script>", [sha256("\n  go();\n")]],
    ["a script loaded from a file", '<script type="module" src="/main.tsx"></script>', []],
    ["the site configuration (JSON is data, never run)", '<script id="site-config" type="application/json">{"a":1}</script>', []],
    ["structured data", '<script type="application/ld+json">{}</script>', []],
    ["two scripts", "<script>a()</script><p></p><SCRIPT>b()</SCRIPT>", [sha256("a()"), sha256("b()")]],
    ["no script", "<p>Hello</p>", []],
  ])("%s", (_case, html, expected) => {
    expect(inlineScriptHashes(html)).toEqual(expected);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows no inline script but the ones it names, and no framing", () => {
    const policy = contentSecurityPolicy(["abc="]);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(eval|inline)'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});
