import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testSiteConfig } from "../../../../tests/support/site-config";
import type { SiteConfig } from "../../../shared/site-config";
import { SiteConfigProvider } from "../../lib/site-config-context";
import { LegalPage } from "./legal-page";
import { privacyPolicy } from "./privacy-content";
import { termsOfService } from "./terms-content";

const site: SiteConfig = testSiteConfig({
  companyName: "Acme Contract Tools LLC",
  publicUrl: "https://app.example.com",
  supportEmail: "help@acme.example",
  privacyEmail: "privacy-team@acme.example",
  salesEmail: "sales@acme.example",
});

const privacyAnchors = [
  "quick-summary",
  "scope-roles",
  "information-we-collect",
  "purposes",
  "legal-bases",
  "cookies-analytics",
  "data-sharing",
  "data-location",
  "security",
  "retention-deletion",
  "privacy-rights",
  "payment-processing",
  "childrens-privacy",
  "automated-decision-making",
  "your-responsibilities",
  "data-integrity",
  "changes",
  "contact",
  "appendix",
];

function renderPage(document: typeof privacyPolicy) {
  return render(
    <SiteConfigProvider value={site}>
      <LegalPage document={document} />
    </SiteConfigProvider>,
  );
}

describe("legal pages", () => {
  it("the privacy policy has the spec's anchors, in order, each listed in the table of contents", () => {
    const { container } = renderPage(privacyPolicy);
    const sectionIds = [...container.querySelectorAll("article > section")].map((section) => section.id);
    expect(sectionIds).toEqual(privacyAnchors);
    const toc = screen.getByRole("navigation", { name: "Contents" });
    expect(
      within(toc)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(privacyAnchors.map((id) => `#${id}`));
  });

  it("the privacy policy is dated August 15, 2025, and numbers 17 sections", () => {
    renderPage(privacyPolicy);
    expect(screen.getByText(/August 15, 2025/)).toBeInTheDocument();
    const numbered = privacyPolicy.sections.filter((section) => /^\d+\./.test(section.title));
    expect(numbered.map((section) => Number.parseInt(section.title, 10))).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  });

  it.each([
    ["privacy", privacyPolicy],
    ["terms", termsOfService],
  ] as const)("the %s text names the configured company and contact addresses, never a fixed one", (_, document) => {
    const { container } = renderPage(document);
    expect(container.textContent).toContain("Acme Contract Tools LLC");
    const mailLinks = [...container.querySelectorAll('a[href^="mailto:"]')].map((link) => link.getAttribute("href"));
    expect(mailLinks.length).toBeGreaterThan(0);
    expect(mailLinks.every((href) => href === "mailto:help@acme.example" || href === "mailto:privacy-team@acme.example")).toBe(true);
  });

  it("the terms are effective August 15, 2025, link to the privacy policy, and have a back-to-top link", () => {
    const { container } = renderPage(termsOfService);
    expect(screen.getByText(/August 15, 2025/)).toBeInTheDocument();
    expect(container.querySelector('a[href="/privacypolicy"]')).not.toBeNull();
    expect(screen.getByRole("link", { name: "Back to top" })).toHaveAttribute("href", "#top");
  });

  it.each([
    ["Delaware", termsOfService],
    ["30 days", termsOfService],
    ["12 months", termsOfService],
    ["13", termsOfService],
    ["United States", privacyPolicy],
    ["backups", privacyPolicy],
    ["train", privacyPolicy],
  ] as const)("states %s", (fact, document) => {
    const { container } = renderPage(document);
    expect(container.textContent).toContain(fact);
  });

  // Two-factor sign-in shipped (issue 30, ADR 029): the privacy policy says what it is, as the spec asks ("two-factor where enabled"), and the trusted-device cookie.
  it("the privacy policy describes two-factor sign-in and its trusted-device cookie", () => {
    const { container } = renderPage(privacyPolicy);
    expect(container.textContent).toMatch(/two-factor\s+sign-in with an authenticator app and one-time recovery codes where enabled/);
    expect(container.textContent).toMatch(/Trusted device\./);
  });
});
