import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppUser } from "../../../shared/contracts/me";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { anAdmin, renderOrganizationPages, stubServer } from "./organizations-test-utils";

afterEach(() => vi.unstubAllGlobals());

function renderAs(user: AppUser, url = "/app/contact-sales", site = testSiteConfig()) {
  stubServer({ "GET /api/me": { status: 200, body: { user } } });
  return renderOrganizationPages(url, site);
}

describe("the enterprise upgrade page", () => {
  it("lists what Enterprise adds, the trial's days, and 'Email Sales Team' writes to sales about this organization", async () => {
    renderAs(anAdmin({ trialDaysLeft: 10 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Upgrade to Enterprise" })).toBeInTheDocument();
    expect(await screen.findByText("10 days left in trial")).toHaveClass("bg-secondary");
    expect(within(screen.getByRole("list")).getAllByRole("listitem").length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText("Our sales team replies within 24 hours.")).toBeInTheDocument();

    const email = screen.getByRole("link", { name: "Email Sales Team" });
    const mailto = new URL(email.getAttribute("href")!);
    expect(mailto.protocol).toBe("mailto:");
    expect(mailto.pathname).toBe("sales@clausewise.example");
    expect(mailto.searchParams.get("subject")).toBe("Enterprise Upgrade Request - Blue Valley Clinic");
  });

  it("after 'Email Sales Team' shows 'Request Sent!', and 'Send Another Request' goes back", async () => {
    renderAs(anAdmin());
    const email = await screen.findByRole("link", { name: "Email Sales Team" });
    // The mail app opens outside the page; jsdom cannot follow a mailto: link.
    email.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(email);
    const sent = screen.getByRole("heading", { name: "Request Sent!" });
    expect(sent).toHaveFocus();
    expect(screen.getByText(/our sales team will reply within 24 hours/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send Another Request" }));
    expect(screen.getByRole("link", { name: "Email Sales Team" })).toBeInTheDocument();
  });

  it.each([
    [3, "3 days left in trial", "bg-destructive"],
    [0, "Trial expired", "bg-destructive"],
  ])("a trial with %i days left shows %j", async (daysLeft, text, variantClass) => {
    renderAs(anAdmin({ trialDaysLeft: daysLeft }), "/app/upgrade");
    expect(await screen.findByText(text)).toHaveClass(variantClass);
  });

  it("shows an enterprise organization's status instead of a trial badge", async () => {
    renderAs(anAdmin({ organizationStatus: "enterprise", trialDaysLeft: null }));
    expect(await screen.findByText("Enterprise")).toBeInTheDocument();
    expect(screen.queryByText(/left in trial|Trial expired/)).not.toBeInTheDocument();
  });

  it("'Schedule Demo' opens the configured booking page in a new tab, and is hidden when none is configured", async () => {
    renderAs(anAdmin(), "/app/contact-sales", testSiteConfig({ salesBookingUrl: "https://cal.example/clausewise/demo" }));
    const demo = await screen.findByRole("link", { name: /Schedule Demo/ });
    expect(demo).toHaveAttribute("href", "https://cal.example/clausewise/demo");
    expect(demo).toHaveAttribute("target", "_blank");
    expect(demo).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("hides 'Schedule Demo' without a booking page", async () => {
    renderAs(anAdmin());
    await screen.findByRole("link", { name: "Email Sales Team" });
    expect(screen.queryByRole("link", { name: /Schedule Demo/ })).not.toBeInTheDocument();
  });
});
