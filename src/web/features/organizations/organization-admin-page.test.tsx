import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Organization, OrganizationInvitation, OrganizationMember } from "../../../shared/contracts/organizations";
import { organizationMessages } from "../../../shared/organizations";
import { aMember, anInvitation, anOrganization, anOrganizationPlan } from "../../../../tests/support/organization-answers";
import { testSiteConfig } from "../../../../tests/support/site-config";
import type { Handler } from "../../../../tests/support/stub-server";
import { setWindowWidth } from "../../../../tests/support/window-width";
import { anAdmin, organizationPath, renderOrganizationPages, stubServer } from "./organizations-test-utils";

afterEach(() => {
  setWindowWidth(1280);
  toast.dismiss();
  vi.unstubAllGlobals();
});

const owner = aMember({ displayName: "Olivia Owner", email: "owner@clausewise.example", role: "platform_owner", documentsCount: 4 });
const admin = aMember({ userId: "admin-1", displayName: "Pat Doe", email: "pat@bluevalley.example", role: "org_admin", documentsCount: 12 });
const colleague = aMember({ displayName: "Dana Reyes", email: "dana@bluevalley.example", role: "org_user", documentsCount: 3 });
const former = aMember({ displayName: "Sam Former", email: "sam@bluevalley.example", status: "inactive" });

function refusal(status: number, code: string, message: string) {
  return { status, body: { error: { code, message, requestId: "r1" } } };
}

/** A server holding this organization, its members and invitations (lists the test may change). */
function serve(
  state: { organization?: Organization; members?: OrganizationMember[]; invitations?: OrganizationInvitation[] } = {},
  routes: Record<string, Handler> = {},
) {
  const organization = state.organization ?? anOrganization();
  const members = state.members ?? [owner, admin, colleague, former];
  const invitations = state.invitations ?? [];
  return stubServer({
    "GET /api/me": { status: 200, body: { user: anAdmin() } },
    [`GET ${organizationPath}`]: () => ({ status: 200, body: { organization } }),
    [`GET ${organizationPath}/members`]: () => ({ status: 200, body: { members } }),
    [`GET ${organizationPath}/invitations`]: () => ({ status: 200, body: { invitations } }),
    [`GET ${organizationPath}/two-factor`]: () => ({ status: 200, body: { required: false } }),
    ...routes,
  });
}

const table = (name: string) => screen.findByRole("table", { name });
const rowOf = (tableElement: HTMLElement, text: string) => within(tableElement).getByText(text).closest("tr")!;

async function openTab(name: "Users" | "Settings" | "Billing") {
  await userEvent.click(await screen.findByRole("tab", { name }));
}

describe("the Users tab", () => {
  it("lists the team with role, status, joined date and document counts; the owner's row cannot be changed", async () => {
    serve();
    renderOrganizationPages("/app/admin/org");
    expect(await screen.findByRole("heading", { level: 1, name: "Organization Management" })).toBeInTheDocument();
    const members = await table("Team Members");
    expect(
      within(members)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["User", "Role", "Status", "Joined", "Documents", "Actions"]);

    const ownerRow = rowOf(members, "Olivia Owner");
    expect(within(ownerRow).getByText("Owner")).toBeInTheDocument();
    expect(within(ownerRow).getByText("Cannot be changed")).toBeInTheDocument();
    expect(within(ownerRow).queryByRole("button")).not.toBeInTheDocument();

    const colleagueRow = rowOf(members, "Dana Reyes");
    expect(within(colleagueRow).getByText("dana@bluevalley.example")).toBeInTheDocument();
    expect(within(colleagueRow).getByText("User")).toBeInTheDocument();
    expect(within(colleagueRow).getByText("Active")).toBeInTheDocument();
    expect(within(colleagueRow).getByText("Nov 22, 2026")).toBeInTheDocument();
    expect(within(colleagueRow).getByText("3")).toBeInTheDocument();
    expect(within(colleagueRow).getByRole("button", { name: "Edit role of Dana Reyes" })).toBeInTheDocument();
    expect(within(colleagueRow).getByRole("button", { name: "Remove Dana Reyes" })).toBeInTheDocument();

    const formerRow = rowOf(members, "Sam Former");
    expect(within(formerRow).getByText("Inactive")).toBeInTheDocument();
    expect(within(formerRow).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("3 of 50 places taken")).toBeInTheDocument();
  });

  it("lists pending invitations with their status, expired ones included, or says there are none", async () => {
    const expired = anInvitation({ email: "lee@bluevalley.example", status: "expired", role: "org_admin", expiresAt: "2026-11-20T15:00:00.000Z" });
    const pending = anInvitation({ email: "kim@bluevalley.example" });
    const invitations = [pending, expired];
    serve({ invitations }, { [`DELETE ${organizationPath}/invitations/${pending.id}`]: () => (invitations.shift(), { status: 204 }) });
    renderOrganizationPages("/app/admin/org");
    const list = await table("Pending Invitations");
    expect(
      within(list)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Email", "Role", "Status", "Invited", "Expires", "Actions"]);
    const expiredRow = rowOf(list, "lee@bluevalley.example");
    expect(within(expiredRow).getByText("Expired")).toBeInTheDocument();
    expect(within(expiredRow).getByText("Admin")).toBeInTheDocument();
    expect(within(expiredRow).getByText("Nov 20, 2026")).toBeInTheDocument();
    expect(within(rowOf(list, "kim@bluevalley.example")).getByText("Pending")).toBeInTheDocument();

    invitations.pop();
    await userEvent.click(screen.getByRole("button", { name: "Cancel the invitation to kim@bluevalley.example" }));
    expect(await screen.findByRole("heading", { name: "No pending invitations" })).toBeInTheDocument();
  });

  it("on a phone, members and invitations are cards with their actions on screen: no table to scroll sideways", async () => {
    setWindowWidth(390);
    const members = [owner, admin, colleague, former];
    serve({ members, invitations: [anInvitation({ email: "kim@bluevalley.example" })] });
    renderOrganizationPages("/app/admin/org");
    const team = await screen.findByRole("list", { name: "Team Members" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const cardOf = (list: HTMLElement, text: string) => within(list).getByText(text).closest("li")!;

    const colleagueCard = cardOf(team, "Dana Reyes");
    expect(colleagueCard.firstElementChild).toHaveTextContent("Dana Reyesdana@bluevalley.example");
    expect(
      within(colleagueCard)
        .getAllByRole("term")
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual(["Role: User", "Status: Active", "Joined: Nov 22, 2026", "Documents: 3"]);
    expect(within(cardOf(team, "Olivia Owner")).getByText("Cannot be changed")).toBeInTheDocument();
    expect(within(cardOf(team, "Olivia Owner")).queryByRole("button")).not.toBeInTheDocument();
    expect(within(cardOf(team, "Sam Former")).queryByRole("button")).not.toBeInTheDocument();

    await userEvent.click(within(colleagueCard).getByRole("button", { name: "Edit role of Dana Reyes" }));
    expect(screen.getByRole("dialog", { name: "Edit User" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(within(colleagueCard).getByRole("button", { name: "Remove Dana Reyes" }));
    expect(screen.getByRole("alertdialog", { name: "Remove User" })).toHaveTextContent("Dana Reyes will lose access to Blue Valley Clinic.");
    await userEvent.keyboard("{Escape}");

    const invitation = cardOf(await screen.findByRole("list", { name: "Pending Invitations" }), "kim@bluevalley.example");
    expect(within(invitation).getByRole("button", { name: "Resend the invitation to kim@bluevalley.example" })).toBeInTheDocument();
    expect(within(invitation).getByRole("button", { name: "Cancel the invitation to kim@bluevalley.example" })).toBeInTheDocument();
  });

  it("Invite User keeps Send disabled until the address looks like x@y.z, offers User and Admin only, and sends", async () => {
    const invitations: OrganizationInvitation[] = [];
    const server = serve(
      { invitations },
      {
        [`POST ${organizationPath}/invitations`]: ({ body }) => {
          const invitation = anInvitation(body as Partial<OrganizationInvitation>);
          invitations.push(invitation);
          return { status: 201, body: { invitation } };
        },
      },
    );
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite User" });
    const send = within(dialog).getByRole("button", { name: "Send Invitation" });
    expect(send).toBeDisabled();
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["org_user", "org_admin"]);
    expect(within(dialog).getByRole("radio", { name: "User" })).toBeChecked();

    await userEvent.type(within(dialog).getByLabelText("Email"), "kim@bluevalley");
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Email"), ".example");
    expect(send).toBeEnabled();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Admin" }));
    await userEvent.click(send);

    expect(await screen.findByText("Invitation sent to kim@bluevalley.example")).toBeInTheDocument();
    expect(server.callsTo("POST", `${organizationPath}/invitations`)[0]?.body).toEqual({ email: "kim@bluevalley.example", role: "org_admin" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(await table("Pending Invitations")).getByText("kim@bluevalley.example")).toBeInTheDocument();
  });

  it("a refused invitation says why and keeps the dialog open", async () => {
    serve({}, { [`POST ${organizationPath}/invitations`]: refusal(409, "conflict", organizationMessages.alreadyMember("dana@bluevalley.example")) });
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite User" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "dana@bluevalley.example{Enter}");
    expect(await screen.findByText(organizationMessages.sendInvitationFailed)).toBeInTheDocument();
    expect(screen.getByText(organizationMessages.alreadyMember("dana@bluevalley.example"))).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Invite User" })).toBeInTheDocument();
  });

  it("Edit User changes the role once a different one is chosen", async () => {
    const members = [owner, admin, colleague];
    const server = serve(
      { members },
      {
        [`PATCH ${organizationPath}/members/${colleague.membershipId}`]: ({ body }) => ({
          status: 200,
          body: { member: { ...colleague, ...(body as object) } },
        }),
      },
    );
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Edit role of Dana Reyes" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    expect(within(dialog).getByRole("radio", { name: "User" })).toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Admin" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(organizationMessages.roleUpdated)).toBeInTheDocument();
    expect(server.callsTo("PATCH", `${organizationPath}/members/${colleague.membershipId}`)[0]?.body).toEqual({ role: "org_admin" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(rowOf(await table("Team Members"), "Dana Reyes")).getByText("Admin")).toBeInTheDocument();
  });

  it.each([
    ["the last admin", refusal(409, "conflict", organizationMessages.lastAdmin), organizationMessages.updateRoleFailed(organizationMessages.lastAdmin)],
    ["a member already gone", refusal(404, "not_found", organizationMessages.memberNotFound), organizationMessages.userNotFound],
  ])("a refused role change of %s says %j", async (_case, answer, message) => {
    serve({}, { [`PATCH ${organizationPath}/members/${admin.membershipId}`]: answer });
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Edit role of Pat Doe" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "User" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("Remove User asks first, then takes the member off the list at once", async () => {
    const members = [owner, admin, colleague];
    const server = serve({ members }, { [`DELETE ${organizationPath}/members/${colleague.membershipId}`]: () => (members.pop(), { status: 204 }) });
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Remove Dana Reyes" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove User" });
    expect(dialog).toHaveTextContent("Dana Reyes will lose access to Blue Valley Clinic.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText(organizationMessages.userRemoved)).toBeInTheDocument();
    expect(within(await table("Team Members")).queryByText("Dana Reyes")).not.toBeInTheDocument();
    expect(server.callsTo("DELETE", `${organizationPath}/members/${colleague.membershipId}`)).toHaveLength(1);
  });

  it("a refused removal says why and the member comes back as the list reloads", async () => {
    serve({}, { [`DELETE ${organizationPath}/members/${admin.membershipId}`]: refusal(409, "conflict", organizationMessages.lastAdmin) });
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Remove Pat Doe" }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: "Remove User" })).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText(organizationMessages.removeUserFailed)).toBeInTheDocument();
    expect(screen.getByText(organizationMessages.lastAdmin)).toBeInTheDocument();
    expect(within(await table("Team Members")).getByText("Pat Doe")).toBeInTheDocument();
  });

  it("resends an invitation, and a refused cancel brings it back", async () => {
    const invitation = anInvitation({ email: "kim@bluevalley.example" });
    const server = serve(
      { invitations: [invitation] },
      {
        [`POST ${organizationPath}/invitations/${invitation.id}/resend`]: {
          status: 200,
          body: { invitation: { ...invitation, expiresAt: "2026-12-08T15:00:00.000Z" } },
        },
        [`DELETE ${organizationPath}/invitations/${invitation.id}`]: refusal(404, "not_found", organizationMessages.invitationNotFound),
      },
    );
    renderOrganizationPages("/app/admin/org");
    await userEvent.click(await screen.findByRole("button", { name: "Resend the invitation to kim@bluevalley.example" }));
    expect(await screen.findByText("Invitation sent to kim@bluevalley.example")).toBeInTheDocument();
    expect(within(await table("Pending Invitations")).getByText("Dec 8, 2026")).toBeInTheDocument();
    expect(server.callsTo("POST", `${organizationPath}/invitations/${invitation.id}/resend`)).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Cancel the invitation to kim@bluevalley.example" }));
    expect(await screen.findByText("Failed to cancel invitation")).toBeInTheDocument();
    expect(within(await table("Pending Invitations")).getByText("kim@bluevalley.example")).toBeInTheDocument();
  });

  it("says when the lists could not load, and tries again", async () => {
    let isDown = true;
    serve(
      {},
      {
        [`GET ${organizationPath}/members`]: () => (isDown ? refusal(500, "internal_error", "down") : { status: 200, body: { members: [admin] } }),
        [`GET ${organizationPath}/invitations`]: refusal(500, "internal_error", "down"),
      },
    );
    renderOrganizationPages("/app/admin/org");
    expect(await screen.findByText(organizationMessages.loadUsersFailed)).toBeInTheDocument();
    expect(await screen.findByText(organizationMessages.loadInvitationsFailed)).toBeInTheDocument();
    isDown = false;
    await userEvent.click(within(screen.getByText(organizationMessages.loadUsersFailed).closest("[role=alert]") as HTMLElement).getByRole("button"));
    expect(within(await table("Team Members")).getByText("Pat Doe")).toBeInTheDocument();
  });

  it("shows its loading state while the lists load", async () => {
    serve({}, { [`GET ${organizationPath}/members`]: () => new Response(new ReadableStream(), { status: 200 }) });
    renderOrganizationPages("/app/admin/org");
    expect(await screen.findByRole("status", { name: "Loading team members" })).toBeInTheDocument();
  });
});

describe("the Settings tab", () => {
  it("saves name and limits, falling back to 50 users and 100 GB for numbers that do not parse", async () => {
    const server = serve(
      {},
      { [`PATCH ${organizationPath}`]: ({ body }) => ({ status: 200, body: { organization: { ...anOrganization(), ...(body as object) } } }) },
    );
    renderOrganizationPages("/app/admin/org?tab=settings");
    const name = await screen.findByLabelText("Organization name");
    expect(screen.getByText("2 members and 1 pending invitation now.")).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, "Blue Valley Family Clinic");
    await userEvent.clear(screen.getByLabelText("Maximum users"));
    await userEvent.type(screen.getByLabelText("Maximum users"), "lots");
    await userEvent.clear(screen.getByLabelText("Storage limit (GB)"));
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText(organizationMessages.settingsUpdated)).toBeInTheDocument();
    expect(server.callsTo("PATCH", organizationPath)[0]?.body).toEqual({ name: "Blue Valley Family Clinic", maxUsers: 50, storageLimitGb: 100 });
    expect(screen.getByLabelText("Maximum users")).toHaveValue("50");
  });

  it("refuses a blank name and an out-of-range limit in the contract's words, sending nothing", async () => {
    const server = serve();
    renderOrganizationPages("/app/admin/org?tab=settings");
    await userEvent.clear(await screen.findByLabelText("Organization name"));
    await userEvent.clear(screen.getByLabelText("Maximum users"));
    await userEvent.type(screen.getByLabelText("Maximum users"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(screen.getByText(organizationMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(organizationMessages.maxUsersRange)).toBeInTheDocument();
    expect(server.callsTo("PATCH", organizationPath)).toHaveLength(0);
  });

  it("a refused save says why", async () => {
    serve({}, { [`PATCH ${organizationPath}`]: refusal(409, "conflict", organizationMessages.maxUsersBelowMembers(3)) });
    renderOrganizationPages("/app/admin/org?tab=settings");
    await userEvent.click(await screen.findByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText(organizationMessages.updateSettingsFailed)).toBeInTheDocument();
    expect(screen.getByText(organizationMessages.maxUsersBelowMembers(3))).toBeInTheDocument();
  });

  it("Authentication Methods: Save only once something changed, the default only among enabled methods", async () => {
    const tenant = "11111111-1111-4111-8111-111111111111";
    const server = serve(
      {},
      {
        [`PATCH ${organizationPath}/authentication`]: ({ body }) => ({
          status: 200,
          body: { organization: anOrganization({ authentication: body as Organization["authentication"] }) },
        }),
      },
    );
    renderOrganizationPages("/app/admin/org?tab=settings", testSiteConfig({ socialProviders: ["microsoft"] }));
    const save = await screen.findByRole("button", { name: "Save Authentication Settings" });
    expect(save).toBeDisabled();
    expect(screen.getByRole("switch", { name: "Email and password" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Microsoft (Azure AD)" })).toBeDisabled();

    await userEvent.click(screen.getByRole("switch", { name: "Microsoft (Azure AD)" }));
    expect(save).toBeEnabled();
    expect(screen.getByRole("radio", { name: "Microsoft (Azure AD)" })).toBeEnabled();

    // Email off while it is the default: the default moves to Microsoft, which needs a tenant.
    await userEvent.click(screen.getByRole("switch", { name: "Email and password" }));
    expect(screen.getByRole("radio", { name: "Microsoft (Azure AD)" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Email and password" })).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent(organizationMessages.azureOnlyNeedsTenant);
    expect(save).toBeDisabled();

    await userEvent.type(screen.getByLabelText("Microsoft Entra tenant IDs"), tenant);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.click(save);
    expect(await screen.findByText(organizationMessages.authSettingsUpdated)).toBeInTheDocument();
    expect(server.callsTo("PATCH", `${organizationPath}/authentication`)[0]?.body).toEqual({
      emailPasswordEnabled: false,
      azureAdEnabled: true,
      defaultMethod: "azure_ad",
      azureTenantIds: [tenant],
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Save Authentication Settings" })).toBeDisabled());
  });

  it("Authentication Methods: no method at all is refused; a refused save says why", async () => {
    serve(
      {
        organization: anOrganization({
          authentication: { emailPasswordEnabled: true, azureAdEnabled: true, defaultMethod: "email_password", azureTenantIds: [] },
        }),
      },
      { [`PATCH ${organizationPath}/authentication`]: refusal(422, "validation_failed", organizationMessages.azureNotConfigured) },
    );
    renderOrganizationPages("/app/admin/org?tab=settings", testSiteConfig({ socialProviders: ["microsoft"] }));
    await userEvent.click(await screen.findByRole("switch", { name: "Email and password" }));
    await userEvent.click(screen.getByRole("switch", { name: "Microsoft (Azure AD)" }));
    expect(screen.getByRole("alert")).toHaveTextContent(organizationMessages.noAuthMethod);
    expect(screen.getByRole("button", { name: "Save Authentication Settings" })).toBeDisabled();

    await userEvent.click(screen.getByRole("switch", { name: "Email and password" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Email and password" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Save Authentication Settings" }));
    expect(await screen.findByText(organizationMessages.authSettingsFailed)).toBeInTheDocument();
    expect(screen.getByText(organizationMessages.azureNotConfigured)).toBeInTheDocument();
  });

  it("Microsoft cannot be turned on where this server does not offer it", async () => {
    serve();
    renderOrganizationPages("/app/admin/org?tab=settings", testSiteConfig({ socialProviders: [] }));
    expect(await screen.findByRole("switch", { name: "Microsoft (Azure AD)" })).toBeDisabled();
    expect(screen.getByText(organizationMessages.azureNotConfigured)).toBeInTheDocument();
  });

  it("says when the organization could not load", async () => {
    serve({}, { [`GET ${organizationPath}`]: refusal(500, "internal_error", "down") });
    renderOrganizationPages("/app/admin/org?tab=settings");
    expect(await screen.findByText(organizationMessages.loadOrganizationFailed)).toBeInTheDocument();
  });
});

describe("the Billing tab", () => {
  it.each([
    [10, "10 days left in trial", "bg-secondary"],
    [7, "7 days left in trial", "bg-destructive"],
    [1, "1 day left in trial", "bg-destructive"],
    [0, "Trial expired", "bg-destructive"],
  ])("a trial with %i days left shows %j", async (daysLeft, text, variantClass) => {
    serve({ organization: anOrganization({ plan: anOrganizationPlan({ trialDaysLeft: daysLeft, hasAccess: daysLeft > 0 }) }) });
    renderOrganizationPages("/app/admin/org?tab=billing");
    expect(await screen.findByText(text)).toHaveClass(variantClass);
    expect(screen.getByText("Trial")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/app/contact-sales");
  });

  it("shows an enterprise organization's status without a trial badge, and a suspended one's explanation", async () => {
    serve({ organization: anOrganization({ plan: anOrganizationPlan({ status: "enterprise", trialEndsAt: null, trialDaysLeft: null }) }) });
    renderOrganizationPages("/app/admin/org?tab=billing");
    expect(await screen.findByText("Enterprise")).toBeInTheDocument();
    expect(screen.queryByText(/left in trial|Trial expired/)).not.toBeInTheDocument();
    expect(screen.getByText("2 of 5 used · renews Dec 22, 2026")).toBeInTheDocument();
    expect(screen.getByText("1.5 GB of 100 GB")).toBeInTheDocument();
  });

  it("explains what a suspended organization means for its members", async () => {
    serve({ organization: anOrganization({ plan: anOrganizationPlan({ status: "suspended", trialEndsAt: null, trialDaysLeft: null, hasAccess: false }) }) });
    renderOrganizationPages("/app/admin/org?tab=billing");
    expect(await screen.findByText("Suspended")).toBeInTheDocument();
    expect(screen.getByText(/Document processing is paused for your members/)).toBeInTheDocument();
  });
});

describe("the page", () => {
  it("switches tabs from the keyboard and keeps the tab in the address", async () => {
    serve();
    const { router } = renderOrganizationPages("/app/admin/org");
    const users = await screen.findByRole("tab", { name: "Users" });
    expect(users).toHaveAttribute("aria-selected", "true");
    await userEvent.tab();
    expect(users).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(screen.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true"));
    expect(router.state.location.search).toBe("?tab=settings");
    await openTab("Billing");
    expect(await screen.findByRole("heading", { name: "Subscription" })).toBeInTheDocument();
    await openTab("Users");
    expect(router.state.location.search).toBe("");
  });

  it("the Invite User dialog works from the keyboard alone", async () => {
    const server = serve(
      {},
      { [`POST ${organizationPath}/invitations`]: { status: 201, body: { invitation: anInvitation({ email: "kim@bluevalley.example" }) } } },
    );
    renderOrganizationPages("/app/admin/org");
    (await screen.findByRole("button", { name: "Invite User" })).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByLabelText("Email")).toHaveFocus();
    await userEvent.keyboard("kim@bluevalley.example{Enter}");
    expect(await screen.findByText("Invitation sent to kim@bluevalley.example")).toBeInTheDocument();
    expect(server.callsTo("POST", `${organizationPath}/invitations`)[0]?.body).toEqual({ email: "kim@bluevalley.example", role: "org_user" });
  });

  it("a person in no organization is told so", async () => {
    stubServer({ "GET /api/me": { status: 200, body: { user: anAdmin({ role: "platform_owner", organizationId: null, organizationRole: null }) } } });
    renderOrganizationPages("/app/admin/org");
    expect(await screen.findByRole("heading", { name: "No organization" })).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });
});
