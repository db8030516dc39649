import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminJob, AdminOrganization, AdminUser, OverviewResponse, SystemStatus } from "../../../shared/contracts/admin";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { neverAnswered, noConnection, stubServer, type RecordedCall } from "../../../../tests/support/stub-server";
import { setWindowWidth } from "../../../../tests/support/window-width";
import { PlatformConsolePage } from "./platform-console-page";

afterEach(() => {
  setWindowWidth(1280);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const overview: OverviewResponse = {
  metrics: {
    totalOrganizations: 3,
    activeOrganizations: 2,
    totalUsers: 12,
    activeUsers: 7,
    totalDocuments: 40,
    totalPassages: 900,
    totalEmbeddings: 0,
    trialsActive: 2,
    trialsExpiring7d: 1,
    jobsRunning: 1,
    jobsQueued: 4,
  },
  recentActivity: [{ kind: "document", id: "d1", at: "2026-11-25T10:00:00.000Z", actor: "ana@clinic.example", subject: "Payer contract.pdf" }],
};

const system: SystemStatus = {
  checkedAt: "2026-11-25T10:00:00.000Z",
  version: "0.1.0",
  database: { status: "ok", kind: "pglite", latencyMs: 1.2 },
  storage: { kind: "local" },
  mailer: { kind: "outbox", outboxSize: 3 },
  queue: { ready: 0, waiting: 0, running: 0, failed: 1, byType: [] },
  workers: [],
};

const failedJob: AdminJob = {
  id: "00000000-0000-4000-8000-000000000001",
  type: "document.process",
  status: "failed",
  stage: "extract",
  attempts: 3,
  maxAttempts: 3,
  errorMessage: "Processing failed.",
  documentId: "00000000-0000-4000-8000-000000000002",
  filename: "Broken contract.pdf",
  organizationId: null,
  organizationName: "Blue Valley",
  createdAt: "2026-11-25T10:00:00.000Z",
  startedAt: "2026-11-25T10:00:01.000Z",
  completedAt: "2026-11-25T10:01:00.000Z",
  runAfter: "2026-11-25T10:00:00.000Z",
};

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{location.search}</output>;
}

function renderConsole(url: string) {
  return renderAppRoutes(
    [
      {
        path: "/app/admin/platform",
        element: (
          <>
            <PlatformConsolePage />
            <Where />
          </>
        ),
      },
    ],
    url,
    testSiteConfig(),
  );
}

const settings = { trialDays: 14, defaultMaxUsers: 100, defaultStorageLimitGb: 500, defaultMonthlyCredits: 5, updatedAt: null };

describe("the platform console", () => {
  it("shows the metrics, and a metric card opens its tab with its filter in the URL", async () => {
    const server = stubServer({
      "GET /api/admin/overview": { status: 200, body: overview },
      "GET /api/admin/users": { status: 200, body: { users: [], nextOffset: null } },
    });
    renderConsole("/app/admin/platform");
    expect(await screen.findByRole("button", { name: /Total Passages 900/ })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Recent Activity" })).toHaveTextContent("ana@clinic.example uploaded Payer contract.pdf");

    await userEvent.click(screen.getByRole("button", { name: /^Active Users 7/ }));
    expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent("?tab=users&status=active");
    expect(await screen.findByRole("heading", { name: "No users found" })).toBeInTheDocument();
    expect(server.callsTo("GET", "/api/admin/users")[0]?.search.get("status")).toBe("active");
  });

  it("takes a retried job out of the failed list at once, and brings it back when the server refuses", async () => {
    let jobsLoads = 0;
    stubServer({
      "GET /api/admin/system": { status: 200, body: system },
      "GET /api/admin/settings": { status: 200, body: { settings } },
      "GET /api/admin/jobs": (call: RecordedCall) => {
        jobsLoads += 1;
        expect(call.search.get("status")).toBe("failed");
        return { status: 200, body: { jobs: [failedJob], nextOffset: null } };
      },
      "POST /api/admin/jobs/00000000-0000-4000-8000-000000000001/retry": {
        status: 409,
        body: { error: { code: "conflict", message: "Your organization's access is suspended.", requestId: "r" } },
      },
    });
    renderConsole("/app/admin/platform?tab=system&status=failed");
    const table = await screen.findByRole("table", { name: "Jobs" });
    await userEvent.click(await within(table).findByRole("button", { name: /^Retry/ }));
    expect(await screen.findByText("Retry failed")).toBeInTheDocument();
    expect(screen.getByText("Your organization's access is suspended.")).toBeInTheDocument();
    await waitFor(() => expect(jobsLoads).toBe(2));
    expect(await within(await screen.findByRole("table", { name: "Jobs" })).findByRole("button", { name: /^Retry/ })).toBeInTheDocument();
  });

  it("names jobs in words and claims no backups", async () => {
    const busySystem: SystemStatus = {
      ...system,
      queue: { ready: 1, waiting: 0, running: 1, failed: 1, byType: [{ type: "fact-sheet.build", ready: 1, waiting: 0, running: 0, failed: 1 }] },
      workers: [
        {
          workerId: "worker-1",
          isAlive: true,
          leaseExpiresAt: null,
          lastHeartbeatAt: "2026-11-25T10:00:00.000Z",
          jobs: [{ id: failedJob.id, type: "jobs.delete-finished", stage: "running", progressDone: 0, progressTotal: 0, startedAt: null }],
        },
      ],
    };
    stubServer({
      "GET /api/admin/system": { status: 200, body: busySystem },
      "GET /api/admin/settings": { status: 200, body: { settings } },
      "GET /api/admin/jobs": { status: 200, body: { jobs: [{ ...failedJob, type: "fact-sheet.build", filename: null }], nextOffset: null } },
    });
    renderConsole("/app/admin/platform?tab=system");
    const table = await screen.findByRole("table", { name: "Jobs" });
    expect(within(table).getAllByText(/Build fact sheet/).length).toBeGreaterThan(0);
    expect(await screen.findByText(/Build fact sheet: 1 ready/)).toBeInTheDocument();
    expect(screen.getByText(/holds Delete finished jobs/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/fact-sheet\.build|jobs\.delete-finished/);
    expect(screen.getByText("Backups: none kept")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/auto-backups/i);
  });

  it("shows a failure with a way to try again", async () => {
    stubServer({ "GET /api/admin/overview": { status: 500, body: { error: { code: "internal_error", message: "Boom", requestId: "r" } } } });
    renderConsole("/app/admin/platform");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load the platform overview.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
  it("shows placeholders while the overview loads", async () => {
    stubServer({ "GET /api/admin/overview": neverAnswered });
    renderConsole("/app/admin/platform");
    expect(await screen.findByRole("status", { name: "Loading the overview" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says in plain words when the server cannot be reached, and Try again asks again", async () => {
    const server = stubServer({ "GET /api/admin/users": noConnection });
    renderConsole("/app/admin/platform?tab=users");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load users.");
    expect(alert).toHaveTextContent("We couldn't reach the server. Check your connection and try again.");
    expect(alert).not.toHaveTextContent("Failed to fetch");
    const loads = server.callsTo("GET", "/api/admin/users").length;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(server.callsTo("GET", "/api/admin/users").length).toBeGreaterThan(loads));
  });
});

const organization: AdminOrganization = {
  id: "00000000-0000-4000-8000-0000000000a1",
  name: "Blue Valley Family Medicine",
  domains: ["bluevalley.example"],
  status: "active",
  subscriptionStatus: "trial",
  trialEndsAt: "2026-12-09T10:00:00.000Z",
  monthlyCredits: null,
  maxUsers: 100,
  storageLimitGb: 5,
  usersCount: 4,
  activeUsersCount: 3,
  documentsCount: 12,
  vectorsCount: 340,
  jobsRunning: 1,
  jobsError: 0,
  lastDocumentAt: "2026-11-25T10:00:00.000Z",
  createdAt: "2026-11-20T10:00:00.000Z",
};

const member: AdminUser = {
  id: "user-1",
  email: "dana@bluevalley.example",
  name: "Dana Reyes",
  isPlatformOwner: false,
  organizationName: "Blue Valley Family Medicine",
  organizationsCount: 1,
  activeOrganizationsCount: 1,
  lastSignInAt: "2026-11-25T10:00:00.000Z",
  createdAt: "2026-11-20T10:00:00.000Z",
  sessionsCount: 1,
  ban: null,
};

describe("the platform console on a phone", () => {
  /** A list's cards; a card's fields as "Term: value" lines, and its buttons' names. */
  const cardsOf = async (listName: string) => Array.from((await screen.findByRole("list", { name: listName })).querySelectorAll<HTMLElement>(":scope > li"));
  const fieldsOf = (card: HTMLElement) =>
    within(card)
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
  const buttonsOf = (card: HTMLElement) =>
    within(card)
      .queryAllByRole("button")
      .map((button) => button.textContent);

  it("shows organizations, users and jobs as cards with their actions on them: no table to scroll sideways", async () => {
    setWindowWidth(390);
    stubServer({
      "GET /api/admin/organizations": { status: 200, body: { organizations: [organization], nextOffset: null } },
      "GET /api/admin/users": {
        status: 200,
        body: { users: [member, { ...member, id: "owner-1", email: "owner@clausewise.example", isPlatformOwner: true }], nextOffset: null },
      },
      "GET /api/admin/system": { status: 200, body: system },
      "GET /api/admin/settings": { status: 200, body: { settings } },
      "GET /api/admin/jobs": { status: 200, body: { jobs: [failedJob], nextOffset: null } },
    });
    const { router } = renderConsole("/app/admin/platform?tab=organizations");
    const [organizationCard] = await cardsOf("Organizations");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(organizationCard!.firstElementChild).toHaveTextContent("Blue Valley Family Medicinebluevalley.example");
    expect(fieldsOf(organizationCard!)).toContain("Documents: 12");
    expect(within(organizationCard!).getByRole("button", { name: `Open ${organization.name}` })).toBeInTheDocument();

    await router.navigate("/app/admin/platform?tab=users");
    const [memberCard, ownerCard] = await cardsOf("Users");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(memberCard!.firstElementChild).toHaveTextContent(member.email);
    expect(fieldsOf(memberCard!)).toContain("Organization: Blue Valley Family Medicine");
    expect(buttonsOf(memberCard!)).toEqual([`Disable ${member.email}`, `Sign out everywhere ${member.email}`]);
    expect(buttonsOf(ownerCard!)).toEqual([]);

    await router.navigate("/app/admin/platform?tab=system");
    const [jobCard] = await cardsOf("Jobs");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(fieldsOf(jobCard!)).toContain("Attempts: 3 / 3");
    expect(buttonsOf(jobCard!)).toEqual(["Retry Broken contract.pdf"]);
  });
});
