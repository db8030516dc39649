import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import type { BillingSummary } from "../../../shared/contracts/billing";
import type { OrganizationPlan } from "../../../shared/contracts/organizations";
import { anOrganizationPlan } from "../../../../tests/support/organization-answers";
import { anAppUser } from "../../../../tests/support/app-user";
import { UserMenu } from "../app-shell/user-menu";
import { PENDING_CHECKOUT_KEY } from "../auth/auth-storage";
import { SessionDeletionsProvider } from "../chat/session-deletions";
import { aDocument, listAnswer, renderDocuments, stubServer } from "../documents/documents-test-utils";
import { goTo } from "../../lib/go-to";

vi.mock("../../lib/go-to", () => ({ goTo: vi.fn() }));

const period = { currentPeriodStart: "2026-11-01T00:00:00.000Z", currentPeriodEnd: "2026-12-01T00:00:00.000Z" };
const noCredits = { startingCredits: 0, creditsUsed: 0, overageUnits: 0, creditsAvailable: 0, creditsTotal: 0, periodStart: null, periodEnd: null };

function summary(
  plan: "basic" | "pro" | null,
  overrides: { status?: string; hasAccess?: boolean; available?: number; total?: number; organizationPlan?: OrganizationPlan } = {},
): BillingSummary {
  return {
    mode: "local",
    subscription: plan && { planKey: plan, status: overrides.status ?? "active", hasAccess: overrides.hasAccess ?? true, willCancel: false, ...period },
    credits: { ...noCredits, creditsAvailable: overrides.available ?? 0, creditsTotal: overrides.total ?? 0 },
    organizationPlan: overrides.organizationPlan ?? null,
  };
}

const user = anAppUser({ id: "u1", name: "Pat", displayName: "Pat Lee", avatar: "PL" });

/** The menu as the app shell holds it. */
function renderMenu(url = "/app/documents") {
  return renderAppRoutes(
    [
      {
        path: "/app/documents",
        element: (
          <SessionDeletionsProvider>
            <UserMenu user={user} />
          </SessionDeletionsProvider>
        ),
      },
    ],
    url,
    testSiteConfig(),
  );
}

async function openMenu() {
  const person = userEvent.setup();
  await person.click(await screen.findByRole("button", { name: "Account menu for Pat Lee" }));
  return person;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.mocked(goTo).mockReset();
});

describe("the subscription gate on the document library", () => {
  it("shows plan cards instead of the library without a subscription, and a choice goes to checkout", async () => {
    const server = stubServer({
      "GET /api/billing/summary": { status: 200, body: summary(null) },
      "POST /api/billing/subscribe": { status: 200, body: { url: "http://localhost:3000/billing/checkout/abc" } },
      "GET /api/documents": listAnswer([]),
    });
    renderDocuments();
    expect(await screen.findByRole("heading", { name: "Choose a plan to manage your documents" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Document Library" })).toBeInTheDocument();
    const plans = screen.getByRole("list", { name: "Plans" });
    expect(within(plans).getByText("Most Popular")).toBeInTheDocument();
    expect(within(plans).getByText("$40")).toBeInTheDocument();
    expect(within(plans).getByText("$60")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Upload Document/ })).not.toBeInTheDocument();
    expect(server.callsTo("GET", "/api/documents")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Choose Pro" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("http://localhost:3000/billing/checkout/abc"));
    expect(server.callsTo("POST", "/api/billing/subscribe")[0]?.body).toEqual({ plan: "pro" });
  });

  it("keeps a failed start quiet on the plan cards, as the spec has it", async () => {
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary(null) },
      "POST /api/billing/subscribe": { status: 500, body: { error: { code: "internal_error", message: "down" } } },
    });
    renderDocuments();
    await userEvent.click(await screen.findByRole("button", { name: "Choose Basic" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Choose Basic" })).toBeEnabled());
    expect(screen.queryByText("Subscription error")).not.toBeInTheDocument();
  });

  it.each([
    ["an active subscription", summary("basic", { available: 1, total: 1 })],
    ["billing off", { mode: "off" } as BillingSummary],
    ["no plan of their own but their organization's running trial", summary(null, { organizationPlan: anOrganizationPlan() })],
    [
      "no plan of their own but their organization's enterprise plan",
      summary(null, { organizationPlan: anOrganizationPlan({ status: "enterprise", trialEndsAt: null, trialDaysLeft: null }) }),
    ],
  ])("shows the library with %s", async (_, answer) => {
    stubServer({ "GET /api/billing/summary": { status: 200, body: answer }, "GET /api/documents": listAnswer([]) });
    renderDocuments();
    expect(await screen.findByRole("heading", { name: "No documents uploaded" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Plans" })).not.toBeInTheDocument();
  });

  it("after the organization's trial, offers personal plans and asking about Enterprise", async () => {
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary(null, { organizationPlan: anOrganizationPlan({ trialDaysLeft: 0, hasAccess: false }) }) },
    });
    renderDocuments();
    expect(await screen.findByRole("list", { name: "Plans" })).toBeInTheDocument();
    expect(screen.getByText(/Your organization's trial has ended\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask about Enterprise for your practice" })).toHaveAttribute("href", "/app/upgrade");
  });

  const suspended = anOrganizationPlan({ status: "suspended", hasAccess: false, trialEndsAt: null, trialDaysLeft: null });

  it.each([
    ["a member", "org_user" as const, "Your organization's administrator can tell you why and when it will be restored."],
    ["its administrator", "org_admin" as const, "As its administrator, write to support@clausewise.example to find out why and to restore it."],
  ])("tells %s of a suspended organization why they cannot process and whom to ask, instead of offering plans", async (_, organizationRole, whom) => {
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary(null, { organizationPlan: suspended }) },
      "GET /api/me": {
        status: 200,
        body: { user: anAppUser({ organizationId: "o1", organizationRole, organizationName: "Blue Valley Clinic", organizationStatus: "suspended" }) },
      },
      "GET /api/documents": listAnswer([aDocument({ filename: "Cigna.pdf" })]),
    });
    renderDocuments();
    const title = await screen.findByText("Blue Valley Clinic's access is suspended");
    const notice = title.closest<HTMLElement>('[role="status"]');
    if (!notice) throw new Error("The notice is not announced.");
    expect(
      within(notice).getByText("New documents cannot be processed until it is restored. Your processed documents and chats stay open to you."),
    ).toBeInTheDocument();
    expect(await within(notice).findByText((_, element) => element?.tagName === "P" && element.textContent === whom)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Plans" })).not.toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Cigna.pdf" })).toBeInTheDocument();
  });

  it("says 'Cannot process' with the spec's text when no credit is left", async () => {
    const document = aDocument({ filename: "Cigna.pdf" });
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 0, total: 1 }) },
      "GET /api/documents": listAnswer([document]),
      [`POST /api/documents/${document.id}/process`]: {
        status: 200,
        body: {
          ok: false,
          reason: "insufficient_credits",
          message: "Insufficient credits. Upgrade or buy a document credit.",
          document: { ...document, status: "awaiting_credit" },
        },
      },
    });
    renderDocuments();
    await userEvent.click(await screen.findByRole("button", { name: "Process Cigna.pdf" }));
    expect(await screen.findByText("Cannot process")).toBeInTheDocument();
    expect(screen.getByText("Insufficient credits. Upgrade or buy a document credit.")).toBeInTheDocument();
    expect(await within(screen.getByRole("article", { name: "Cigna.pdf" })).findByText("Awaiting Credit")).toBeInTheDocument();
  });
});

describe("a document awaiting a credit", () => {
  it("says a credit is needed and offers to buy one, which goes to the credit checkout", async () => {
    const document = aDocument({ filename: "Cigna.pdf", status: "awaiting_credit" });
    const server = stubServer({
      "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 0, total: 1 }) },
      "GET /api/documents": listAnswer([document]),
      "POST /api/billing/checkout": { status: 200, body: { url: "http://localhost:3000/billing/checkout/credit" } },
    });
    renderDocuments();
    const card = await screen.findByRole("article", { name: "Cigna.pdf" });
    expect(within(card).getByText("Awaiting Credit")).toBeInTheDocument();
    expect(await within(card).findByText(/Processing this document needs a document credit\. Buy one and processing starts by itself\./)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Processing\.\.\.|Process Cigna/ })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole("button", { name: "Buy a document credit" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("http://localhost:3000/billing/checkout/credit"));
    expect(server.callsTo("POST", "/api/billing/checkout")[0]?.body).toEqual({ type: "credit", quantity: 1 });
  });

  it("a failed purchase says 'Checkout error'", async () => {
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 0, total: 1 }) },
      "GET /api/documents": listAnswer([aDocument({ filename: "Cigna.pdf", status: "awaiting_credit" })]),
      "POST /api/billing/checkout": { status: 500, body: { error: { code: "internal_error", message: "down" } } },
    });
    renderDocuments();
    await userEvent.click(await screen.findByRole("button", { name: "Buy a document credit" }));
    expect(await screen.findByText("Checkout error")).toBeInTheDocument();
    expect(screen.getByText("Unable to buy credit")).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it.each([
    ["a credit has arrived since", summary("basic", { available: 1, total: 2 })],
    ["billing is off", { mode: "off" } as BillingSummary],
  ])("offers Process when %s, and starts it", async (_, answer) => {
    const document = aDocument({ filename: "Cigna.pdf", status: "awaiting_credit" });
    const server = stubServer({
      "GET /api/billing/summary": { status: 200, body: answer },
      "GET /api/documents": listAnswer([document]),
      [`POST /api/documents/${document.id}/process`]: { status: 200, body: { ok: true, document: { ...document, status: "queued" } } },
    });
    renderDocuments();
    const card = await screen.findByRole("article", { name: "Cigna.pdf" });
    expect(await within(card).findByText(/You have one available now\./)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Buy a document credit" })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Process Cigna.pdf" }));
    expect(await screen.findByText("Processing started")).toBeInTheDocument();
    expect(server.callsTo("POST", `/api/documents/${document.id}/process`)[0]?.body).toEqual({ trigger: "start" });
    expect(await within(card).findByText("Queued")).toBeInTheDocument();
  });
});

describe("back from a checkout", () => {
  it.each([
    ["success", "Checkout complete", "Thank you! Your plan or credit is being added to your account; the account menu shows it as soon as it arrives."],
    ["cancelled", "Checkout cancelled", "Nothing was charged."],
  ])("?checkout=%s says how it ended, once", async (result, title, description) => {
    stubServer({ "GET /api/billing/summary": { status: 200, body: summary("pro", { available: 5, total: 5 }) } });
    const { router } = renderMenu(`/app/documents?checkout=${result}&tab=all`);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe("?tab=all"));
    expect(screen.getAllByText(title)).toHaveLength(1);
  });

  it("says nothing on an ordinary visit", async () => {
    const server = stubServer({ "GET /api/billing/summary": { status: 200, body: summary("pro", { available: 5, total: 5 }) } });
    renderMenu("/app/documents?checkout=whatever");
    await waitFor(() => expect(server.callsTo("GET", "/api/billing/summary")).toHaveLength(1));
    expect(screen.queryByText(/Checkout (complete|cancelled)/)).not.toBeInTheDocument();
  });
});

describe("the user menu's billing", () => {
  it("shows 'Credits: available/total', 'Manage/Upgrade plan' and 'Upgrade to Pro' on Basic", async () => {
    stubServer({ "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 0, total: 1 }) } });
    renderMenu();
    await openMenu();
    expect(await screen.findByText("Credits: 0/1")).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Manage/Upgrade plan" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Upgrade to Pro" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Start subscription" })).not.toBeInTheDocument();
  });

  it("during the organization's trial counts its allowance, in the Billing tab's words, and offers no subscription", async () => {
    stubServer({ "GET /api/billing/summary": { status: 200, body: summary(null, { organizationPlan: anOrganizationPlan() }) } });
    renderMenu();
    await openMenu();
    expect(await screen.findByText("Credits: 3/5")).toBeInTheDocument();
    expect(screen.getByText("Trial allowance: 2 of 5 used · 10 days left in trial")).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Start subscription" })).not.toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Buy a document credit" })).toBeInTheDocument();
  });

  it("adds a plan of one's own to the organization's allowance", async () => {
    const organizationPlan = anOrganizationPlan({ status: "enterprise", trialEndsAt: null, trialDaysLeft: null });
    stubServer({ "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 1, total: 1, organizationPlan }) } });
    renderMenu();
    await openMenu();
    expect(await screen.findByText("Credits: 4/6")).toBeInTheDocument();
    expect(screen.getByText("Enterprise allowance: 2 of 5 used")).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Manage/Upgrade plan" })).toBeInTheDocument();
  });

  it("offers neither a plan nor a credit while the organization is suspended", async () => {
    const organizationPlan = anOrganizationPlan({ status: "suspended", hasAccess: false, trialEndsAt: null, trialDaysLeft: null });
    stubServer({ "GET /api/billing/summary": { status: 200, body: summary(null, { organizationPlan }) } });
    renderMenu();
    await openMenu();
    expect(await screen.findByText("Organization suspended: processing paused")).toBeInTheDocument();
    expect(screen.getByText("Credits: 0/0")).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: /subscription|plan|credit/i })).not.toBeInTheDocument();
  });

  it("hides 'Upgrade to Pro' on Pro", async () => {
    stubServer({ "GET /api/billing/summary": { status: 200, body: summary("pro", { available: 3, total: 5 }) } });
    renderMenu();
    await openMenu();
    expect(await screen.findByText("Credits: 3/5")).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Upgrade to Pro" })).not.toBeInTheDocument();
  });

  it("'Start subscription' when not active opens 'Choose your plan'; a failure there says 'Subscription error'", async () => {
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary("basic", { status: "canceled", hasAccess: false }) },
      "POST /api/billing/subscribe": { status: 500, body: { error: { code: "internal_error", message: "down" } } },
    });
    renderMenu();
    const person = await openMenu();
    expect(screen.queryByRole("menuitem", { name: "Manage/Upgrade plan" })).not.toBeInTheDocument();
    await person.click(await screen.findByRole("menuitem", { name: "Start subscription" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose your plan" });
    await person.click(within(dialog).getByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByText("Subscription error")).toBeInTheDocument();
    expect(screen.getByText("Unable to start subscription")).toBeInTheDocument();
  });

  it.each([
    ["Manage/Upgrade plan", "POST /api/billing/portal", "Portal error", "Unable to open billing portal"],
    ["Buy a document credit", "POST /api/billing/checkout", "Checkout error", "Unable to buy credit"],
  ])("'%s' failing shows the spec's toast", async (item, route, title, description) => {
    stubServer({
      "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 1, total: 1 }) },
      [route]: { status: 502, body: { error: { code: "service_unavailable", message: "Stripe is down" } } },
    });
    renderMenu();
    const person = await openMenu();
    await person.click(await screen.findByRole("menuitem", { name: item }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it("shows no billing at all when billing is off, and tolerates a summary that fails", async () => {
    stubServer({ "GET /api/billing/summary": { status: 200, body: { mode: "off" } } });
    renderMenu();
    await openMenu();
    expect(await screen.findByRole("menuitem", { name: "Account" })).toBeInTheDocument();
    expect(screen.queryByText(/Credits:/)).not.toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: /subscription|plan|credit/i })).not.toBeInTheDocument();
  });

  it("takes the plan chosen before sign-in straight to checkout, once", async () => {
    window.localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ plan: "pro" }));
    const server = stubServer({
      "GET /api/billing/summary": { status: 200, body: summary(null) },
      "POST /api/billing/subscribe": { status: 200, body: { url: "http://localhost:3000/billing/checkout/xyz" } },
    });
    renderMenu();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("http://localhost:3000/billing/checkout/xyz"));
    expect(server.callsTo("POST", "/api/billing/subscribe").map((call) => call.body)).toEqual([{ plan: "pro" }]);
    expect(window.localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
  });

  it("a pending credit purchase goes to the credit checkout", async () => {
    window.localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ purchase: "credit" }));
    const server = stubServer({
      "GET /api/billing/summary": { status: 200, body: summary("basic", { available: 1, total: 1 }) },
      "POST /api/billing/checkout": { status: 200, body: { url: "http://localhost:3000/billing/checkout/credit" } },
    });
    renderMenu();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("http://localhost:3000/billing/checkout/credit"));
    expect(server.callsTo("POST", "/api/billing/checkout")[0]?.body).toEqual({ type: "credit", quantity: 1 });
  });
});
