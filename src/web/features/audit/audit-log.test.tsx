import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AuditEvent } from "../../../shared/contracts/audit";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer } from "../../../../tests/support/stub-server";
import { setWindowWidth } from "../../../../tests/support/window-width";
import { AuditLog } from "./audit-log";

afterEach(() => setWindowWidth(1280));

const ORGANIZATION_ID = "0a0a0000-0000-4000-8000-000000000001";

const roleChanged: AuditEvent = {
  id: "e0e00000-0000-4000-8000-000000000001",
  occurredAt: "2026-11-20T15:00:00.000Z",
  organizationId: ORGANIZATION_ID,
  actorUserId: "admin-1",
  actorEmail: "pat@bluevalley.example",
  actorRole: "org_admin",
  action: "member.role-changed",
  targetType: "user",
  targetId: "user-2",
  targetName: "dana@bluevalley.example",
  outcome: "success",
  ip: "203.0.113.9",
  userAgent: "Firefox on Windows",
  requestId: null,
  details: { previousRole: "org_user", role: "org_admin" },
};

function renderLog() {
  stubServer({ [`GET /api/audit/organizations/${ORGANIZATION_ID}/events`]: { status: 200, body: { events: [roleChanged], nextOffset: null } } });
  renderAppRoutes(
    [{ path: "/", element: <AuditLog source={{ kind: "organization", organizationId: ORGANIZATION_ID }} label="Organization audit log" /> }],
    "/",
    testSiteConfig(),
  );
}

describe("the audit log's events", () => {
  it("are a table's rows on a wide screen", async () => {
    renderLog();
    const table = await screen.findByRole("table", { name: "Organization audit log" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Time", "Actor", "Action", "Target", "Outcome", "From", "Details"]);
    expect(within(table).getByRole("cell", { name: "dana@bluevalley.example" })).toBeInTheDocument();
  });

  it("are cards on a phone, headed by the action, each field under its name, no table to scroll", async () => {
    setWindowWidth(390);
    renderLog();
    const list = await screen.findByRole("list", { name: "Organization audit log" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole("listitem");
    expect(card!.firstElementChild).toHaveTextContent("Member role changed");
    const fields = Object.fromEntries(
      within(card!)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(fields).toEqual({
      Time: "Nov 20, 2026, 3:00 PM",
      Actor: "pat@bluevalley.example",
      Target: "dana@bluevalley.example",
      Outcome: "Success",
      From: "203.0.113.9 · Firefox on Windows",
      Details: "previousRole: org_user · role: org_admin",
    });
  });
});
