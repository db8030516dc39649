import { describe, expect, it } from "vitest";
import { isCrossSiteWrite, type RequestOrigin } from "./request-origin";

const app = "https://app.clausewise.example";

describe("isCrossSiteWrite", () => {
  it.each<[string, RequestOrigin, boolean]>([
    ["a POST from the app's own page", { method: "POST", fetchSite: "same-origin", origin: app }, false],
    ["a POST the person typed or bookmarked", { method: "POST", fetchSite: "none" }, false],
    ["a form on another site posting to the app", { method: "POST", fetchSite: "cross-site", origin: "https://evil.example" }, true],
    ["a page on a sibling subdomain", { method: "DELETE", fetchSite: "same-site", origin: "https://blog.clausewise.example" }, true],
    ["a cross-site PATCH", { method: "patch", fetchSite: "cross-site" }, true],
    ["an older browser: Origin only, another site", { method: "POST", origin: "https://evil.example" }, true],
    ["an older browser: Origin only, the app", { method: "POST", origin: app }, false],
    ["a sandboxed frame or a data: page (Origin null)", { method: "POST", origin: "null" }, true],
    ["the same host on another port", { method: "PUT", origin: "https://app.clausewise.example:8443" }, true],
    ["no browser headers: a webhook or a script, with no visitor's cookie", { method: "POST" }, false],
    ["a cross-site GET (reading is not changing)", { method: "GET", fetchSite: "cross-site", origin: "https://evil.example" }, false],
    ["a cross-site HEAD", { method: "HEAD", fetchSite: "cross-site" }, false],
    ["a cross-site preflight", { method: "OPTIONS", fetchSite: "cross-site" }, false],
    ["Sec-Fetch-Site decides over a matching Origin", { method: "POST", fetchSite: "cross-site", origin: app }, true],
  ])("%s: %s", (_case, request, expected) => {
    expect(isCrossSiteWrite(request, app)).toBe(expected);
  });
});
