import { describe, expect, it } from "vitest";
import { testSiteConfig } from "../../../tests/support/site-config";
import type { SiteConfig } from "../../shared/site-config";
import { injectSiteConfig } from "./spa";

const site: SiteConfig = testSiteConfig({
  companyName: "Acme </script><script>alert(1)</script>",
  supportEmail: "support@example.com",
  privacyEmail: "privacy@example.com",
  salesEmail: "sales@example.com",
});

describe("injectSiteConfig", () => {
  const html = injectSiteConfig("<html><head><title>x</title></head><body></body></html>", site);

  it("adds the configuration as a JSON data block in the head", () => {
    const match = html.match(/<script id="site-config" type="application\/json">(.*?)<\/script>/);
    expect(JSON.parse(match?.[1] ?? "null")).toEqual(site);
  });

  it("describes the app to search engines as a free web application", () => {
    const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/);
    expect(JSON.parse(match?.[1] ?? "null")).toMatchObject({
      "@type": "WebApplication",
      name: "Clausewise",
      offers: { price: "0", priceCurrency: "USD" },
    });
  });

  it("cannot be broken out of by a value containing a closing script tag", () => {
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });
});
