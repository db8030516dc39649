import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvitationDetails, InvitationLookupResponse } from "../../../shared/contracts/organizations";
import { invitationMessages, invitationMicrosoftReturnPath } from "../../../shared/organizations";
import { anAppUser } from "../../../../tests/support/app-user";
import { goTo } from "../../lib/go-to";
import { CUSTOM_INVITATION_TOKEN_KEY, INVITATION_TOKEN_KEY } from "../session/stored-invitation";
import { FROM_EMAIL_AUTH_KEY } from "./auth-storage";
import { landing, renderRoutes, siteWith, stubServer } from "./auth-test-utils";
import { CompleteInvitePage, CompleteInviteRedirectPage } from "./complete-invite-page";

vi.mock("../../lib/go-to", () => ({ goTo: vi.fn() }));

const TOKEN = "invitation-token-0123456789abcdef";

const pages = [
  { path: "/auth/complete-invite", element: <CompleteInvitePage /> },
  { path: "/complete-invite", element: <CompleteInviteRedirectPage /> },
  landing("/auth/code"),
  landing("/login"),
];

function anInvitation(overrides: Partial<InvitationDetails> = {}): InvitationDetails {
  return {
    email: "dana@bluevalley.example",
    organizationName: "Blue Valley Clinic",
    emailPasswordEnabled: true,
    azureAdEnabled: false,
    defaultMethod: "email_password",
    hasAccount: false,
    expiresAt: "2026-12-02T15:00:00.000Z",
    ...overrides,
  };
}

const valid = (overrides: Partial<InvitationDetails> = {}) => ({ status: 200, body: { state: "valid", invitation: anInvitation(overrides) } });
const signedIn = { status: 200, body: { user: anAppUser({ email: "dana@bluevalley.example" }) } };
const joined = { organizationId: "7d4f3c1e-0000-4000-8000-000000000001", organizationName: "Blue Valley Clinic", role: "org_user" };
const accepted = { status: 200, body: { ...joined, needsName: false } };

function refusal(status: number, code: string, message: string) {
  return { status, body: { error: { code, message, requestId: "r1" } } };
}

const renderAt = (url: string, site = siteWith(["google", "microsoft"])) => renderRoutes(pages, url, site);
const pageHeading = () => screen.findByRole("heading", { level: 1, name: "Complete Your Invitation" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goTo).mockReset();
});

describe("an invitation link, signed out", () => {
  it("shows the organization and the invited address, and sets up a password with the email read-only", async () => {
    const server = stubServer({ "/api/invitations/lookup": valid(), "/api/invitations/accept-with-password": accepted });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    await pageHeading();
    expect(await screen.findByText("Blue Valley Clinic")).toBeInTheDocument();
    expect(screen.getByText("You've been invited to join Blue Valley Clinic on Clausewise.")).toBeInTheDocument();
    const email = screen.getByLabelText("Email");
    expect(email).toHaveValue("dana@bluevalley.example");
    expect(email).toHaveAttribute("readonly");
    expect(server.callsTo("/api/invitations/lookup")[0]?.body).toEqual({ token: TOKEN });
    // Kept while the person signs in (spec section 4).
    expect(window.localStorage.getItem(INVITATION_TOKEN_KEY)).toBe(TOKEN);

    const submit = screen.getByRole("button", { name: "Set password and join" });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Full name"), "Dana Reyes");
    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.type(screen.getByLabelText("Confirm password"), "short");
    await userEvent.click(submit);
    expect(screen.getByText(invitationMessages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveFocus();

    await userEvent.type(screen.getByLabelText("Password"), "-enough");
    await userEvent.click(submit);
    expect(screen.getByText(invitationMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveFocus();
    expect(server.callsTo("/api/invitations/accept-with-password")).toHaveLength(0);

    await userEvent.type(screen.getByLabelText("Confirm password"), "-enough");
    await userEvent.click(submit);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/app"));
    expect(server.callsTo("/api/invitations/accept-with-password")[0]?.body).toEqual({ token: TOKEN, password: "short-enough", name: "Dana Reyes" });
    expect(window.localStorage.getItem(INVITATION_TOKEN_KEY)).toBeNull();
  });

  it("shows the server's refusal of the password setup, or the spec's line when it could not be reached", async () => {
    let answer = refusal(409, "conflict", invitationMessages.accountHasPassword);
    stubServer({ "/api/invitations/lookup": valid(), "/api/invitations/accept-with-password": () => answer });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText("Full name"), "Dana Reyes");
    await userEvent.type(screen.getByLabelText("Password"), "long-enough");
    await userEvent.type(screen.getByLabelText("Confirm password"), "long-enough");
    await userEvent.click(screen.getByRole("button", { name: "Set password and join" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(invitationMessages.accountHasPassword);

    answer = refusal(500, "internal_error", "Something went wrong on our side.");
    await userEvent.click(screen.getByRole("button", { name: "Set password and join" }));
    expect(await screen.findByText(invitationMessages.setPasswordFailed)).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it("offers both methods the organization allows, its default first, and Microsoft sign-in returns to complete the invitation", async () => {
    const server = stubServer({
      "/api/invitations/lookup": valid({ azureAdEnabled: true, defaultMethod: "azure_ad" }),
      "/api/auth/sign-in/social": { status: 200, body: { url: "https://login.microsoftonline.example/authorize?x=1" } },
    });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    const microsoft = await screen.findByRole("button", { name: "Continue with Microsoft" });
    const password = screen.getByRole("button", { name: "Set up a password" });
    expect(microsoft.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();

    await userEvent.click(microsoft);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://login.microsoftonline.example/authorize?x=1"));
    expect(server.callsTo("/api/auth/sign-in/social")[0]?.body).toEqual({
      provider: "microsoft",
      callbackURL: invitationMicrosoftReturnPath(TOKEN),
      errorCallbackURL: `/auth/complete-invite?token=${TOKEN}`,
      loginHint: "dana@bluevalley.example",
    });
  });

  it("method selection leads to password setup and back", async () => {
    stubServer({ "/api/invitations/lookup": valid({ azureAdEnabled: true }) });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Set up a password" }));
    expect(screen.getByLabelText("Email")).toHaveValue("dana@bluevalley.example");
    await userEvent.click(screen.getByRole("button", { name: "Choose another way to sign in" }));
    expect(screen.getByRole("button", { name: "Continue with Microsoft" })).toBeInTheDocument();
  });

  it("says when Microsoft sign-in could not start", async () => {
    stubServer({
      "/api/invitations/lookup": valid({ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad" }),
      "/api/auth/sign-in/social": refusal(500, "internal_error", "down"),
    });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Microsoft" }));
    expect(await screen.findByText(invitationMessages.azureSignInFailed)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set up a password" })).not.toBeInTheDocument();
  });

  it("an organization that allows only Microsoft, on a server without it, asks the person to contact their administrator", async () => {
    stubServer({ "/api/invitations/lookup": valid({ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad" }) });
    renderAt(`/auth/complete-invite?token=${TOKEN}`, siteWith(["google"]));
    expect(await screen.findByText(/Microsoft sign-in is not set up on this server\. Please contact your administrator\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue with Microsoft" })).not.toBeInTheDocument();
  });

  it("an address that already has an account signs in first and comes back here", async () => {
    stubServer({ "/api/invitations/lookup": valid({ hasAccount: true }) });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    expect(await screen.findByText("You already have an account for dana@bluevalley.example. Sign in to accept the invitation.")).toBeInTheDocument();
    const signIn = screen.getByRole("link", { name: "Sign in with your email and password" });
    expect(signIn).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(`/auth/complete-invite?token=${TOKEN}`)}`);
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
  });

  it.each([
    ["expired", invitationMessages.expired],
    ["cancelled", invitationMessages.invalid],
    ["accepted", invitationMessages.invalid],
    ["unknown", invitationMessages.invalidOrExpired],
  ] as const)("a %s invitation shows %j in place of the flow", async (state, message) => {
    stubServer({ "/api/invitations/lookup": { status: 200, body: { state, message } satisfies InvitationLookupResponse } });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
  });

  it("a malformed link shows the server's reason", async () => {
    stubServer({ "/api/invitations/lookup": refusal(422, "validation_failed", invitationMessages.invalidOrExpired) });
    renderAt("/auth/complete-invite?token=nope");
    expect(await screen.findByRole("alert")).toHaveTextContent(invitationMessages.invalidOrExpired);
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("a failed look-up can be tried again", async () => {
    let answer: { status: number; body: unknown } = refusal(503, "service_unavailable", "down");
    stubServer({ "/api/invitations/lookup": () => answer });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(invitationMessages.initializeFailed);
    answer = valid();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
  });

  it("uses the token kept in the browser when the link carries none", async () => {
    window.localStorage.setItem(INVITATION_TOKEN_KEY, TOKEN);
    const server = stubServer({ "/api/invitations/lookup": valid() });
    renderAt("/auth/complete-invite");
    expect(await screen.findByText("Blue Valley Clinic")).toBeInTheDocument();
    expect(server.callsTo("/api/invitations/lookup")[0]?.body).toEqual({ token: TOKEN });
  });

  it("without a token, an email goes to the invitation code entry", async () => {
    stubServer();
    const router = renderAt("/auth/complete-invite?email=dana%40bluevalley.example");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/code"));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ type: "invite", email: "dana@bluevalley.example" });
  });

  it("without a token or an email there is no invitation", async () => {
    stubServer();
    renderAt("/auth/complete-invite");
    expect(await screen.findByRole("alert")).toHaveTextContent(invitationMessages.noInvitation);
  });
});

describe("Microsoft links (type=azure_invite, type=azure_ad)", () => {
  it("type=azure_invite goes straight to Microsoft, returning here with completed=true", async () => {
    const server = stubServer({
      "/api/invitations/lookup": valid({ azureAdEnabled: true }),
      "/api/auth/sign-in/social": { status: 200, body: { url: "https://login.example/authorize" } },
    });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_invite`);
    expect(await screen.findByText("Redirecting to Microsoft...")).toBeInTheDocument();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://login.example/authorize"));
    expect(server.callsTo("/api/auth/sign-in/social")[0]?.body).toMatchObject({ callbackURL: invitationMicrosoftReturnPath(TOKEN) });
  });

  it("type=azure_invite shows the expiry instead when the invitation has expired", async () => {
    const server = stubServer({ "/api/invitations/lookup": { status: 200, body: { state: "expired", message: invitationMessages.expired } } });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_invite`);
    expect(await screen.findByRole("alert")).toHaveTextContent(invitationMessages.expired);
    expect(server.callsTo("/api/auth/sign-in/social")).toHaveLength(0);
  });

  it("type=azure_invite says when Microsoft sign-in could not start", async () => {
    stubServer({ "/api/invitations/lookup": valid({ azureAdEnabled: true }), "/api/auth/sign-in/social": refusal(500, "internal_error", "down") });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_invite`);
    expect(await screen.findByRole("alert")).toHaveTextContent(invitationMessages.azureInvitationFailed);
  });

  it("type=azure_ad keeps the token and finishes through the hash handler", async () => {
    const server = stubServer({
      "/api/invitations/lookup": valid({ azureAdEnabled: true }),
      "/api/auth/sign-in/social": { status: 200, body: { url: "https://login.example/authorize" } },
    });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_ad`);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://login.example/authorize"));
    expect(window.localStorage.getItem(CUSTOM_INVITATION_TOKEN_KEY)).toBe(TOKEN);
    expect(server.callsTo("/api/auth/sign-in/social")[0]?.body).toMatchObject({
      callbackURL: "/auth/hash#type=invite",
      errorCallbackURL: `/auth/complete-invite?token=${TOKEN}&type=azure_ad`,
    });
  });

  it("back from Microsoft without a session, it shows the invitation rather than leaving again", async () => {
    const server = stubServer({ "/api/invitations/lookup": valid({ azureAdEnabled: true }) });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_invite&completed=true`);
    expect(await screen.findByRole("button", { name: "Continue with Microsoft" })).toBeInTheDocument();
    expect(server.callsTo("/api/auth/sign-in/social")).toHaveLength(0);
  });
});

describe("signed in", () => {
  it("accepts the link's invitation at once, forgets the stored tokens and loads the app afresh", async () => {
    window.localStorage.setItem(CUSTOM_INVITATION_TOKEN_KEY, "another-token-0123456789");
    const server = stubServer({ "/api/me": signedIn, "/api/invitations/accept": accepted });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_invite&completed=true`);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/app"));
    expect(server.callsTo("/api/invitations/accept")).toEqual([{ path: "/api/invitations/accept", body: { token: TOKEN } }]);
    expect(window.localStorage.getItem(CUSTOM_INVITATION_TOKEN_KEY)).toBeNull();
  });

  it("an account without a name is asked for it before the app", async () => {
    stubServer({ "/api/me": signedIn, "/api/invitations/accept": { status: 200, body: { ...joined, needsName: true } } });
    renderAt(`/auth/complete-invite?token=${TOKEN}&type=azure_invite&completed=true`);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/auth/your-name?redirect=%2Fapp"));
  });

  it("back through the hash handler, accepts the token kept before Microsoft sign-in", async () => {
    window.localStorage.setItem(CUSTOM_INVITATION_TOKEN_KEY, TOKEN);
    const server = stubServer({ "/api/me": signedIn, "/api/invitations/accept": accepted });
    renderAt("/auth/complete-invite?type=azure_ad&completed=true");
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/app"));
    expect(server.callsTo("/api/invitations/accept")[0]?.body).toEqual({ token: TOKEN });
  });

  it("without any token, accepts the newest invitation to the person's address", async () => {
    const server = stubServer({ "/api/me": signedIn, "/api/invitations/accept": accepted });
    renderAt("/auth/complete-invite?completed=true");
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/app"));
    expect(server.callsTo("/api/invitations/accept")[0]?.body).toEqual({});
  });

  it("an invitation for another address is refused with a clear message, and signing out shows the invitation", async () => {
    let isSignedIn = true;
    const otherEmail = invitationMessages.otherEmail("dana@bluevalley.example", "pat@clinic.example");
    const server = stubServer({
      "/api/me": () => (isSignedIn ? signedIn : refusal(401, "unauthenticated", "Sign in first.")),
      "/api/invitations/accept": refusal(403, "forbidden", otherEmail),
      "/api/auth/sign-out": () => ((isSignedIn = false), { status: 200, body: { success: true } }),
      "/api/invitations/lookup": valid(),
    });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(otherEmail);
    expect(goTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
    expect(server.callsTo("/api/auth/sign-out")).toHaveLength(1);
  });

  it.each([
    ["an expired invitation", refusal(409, "conflict", invitationMessages.expired), invitationMessages.expired, false],
    ["a refusal without words", { status: 409, body: {} }, invitationMessages.acceptFailedContactAdmin, false],
    ["a failure on our side", refusal(500, "internal_error", "Something went wrong."), invitationMessages.acceptFailedTryAgain, true],
  ])("%s shows %j", async (_case, answer, message, canRetry) => {
    stubServer({ "/api/me": signedIn, "/api/invitations/accept": answer });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(canRetry);
  });

  it("after an email link signed the person in, asks for a password for the invitation", async () => {
    window.localStorage.setItem(FROM_EMAIL_AUTH_KEY, "true");
    const server = stubServer({ "/api/me": signedIn, "/api/invitations/lookup": valid(), "/api/invitations/accept-with-password": accepted });
    renderAt(`/auth/complete-invite?token=${TOKEN}`);
    expect(await screen.findByText("Choose a password to finish joining.")).toBeInTheDocument();
    expect(window.localStorage.getItem(FROM_EMAIL_AUTH_KEY)).toBeNull();
    await userEvent.type(screen.getByLabelText("Full name"), "Dana Reyes");
    await userEvent.type(screen.getByLabelText("Password"), "long-enough");
    await userEvent.type(screen.getByLabelText("Confirm password"), "long-enough");
    await userEvent.click(screen.getByRole("button", { name: "Set password and join" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/app"));
    expect(server.callsTo("/api/invitations/accept")).toHaveLength(0);
  });
});

describe("an error in the URL stops the flow with the spec's words", () => {
  it.each([
    ["server_error", "Error getting user email from external provider", invitationMessages.azureEmailMissing],
    ["email_not_found", "", invitationMessages.azureEmailMissing],
    ["server_error", "Unexpected failure", invitationMessages.authenticationFailed],
    ["access_denied", "The user cancelled", invitationMessages.authenticationError("access_denied")],
    [
      "AZURE_TENANT_NOT_ALLOWED",
      "This Microsoft account is not from your organization's directory.",
      "This Microsoft account is not from your organization's directory.",
    ],
  ])("error=%s (%s)", async (error, description, message) => {
    const server = stubServer({ "/api/invitations/lookup": valid() });
    renderAt(`/auth/complete-invite?${new URLSearchParams({ token: TOKEN, error, error_description: description })}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(server.callsTo("/api/invitations/lookup")).toHaveLength(0);
  });
});

describe("/complete-invite", () => {
  it("replaces itself with /auth/complete-invite, keeping the query", async () => {
    stubServer({ "/api/invitations/lookup": valid() });
    const router = renderAt(`/complete-invite?token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/complete-invite"));
    expect(router.state.location.search).toBe(`?token=${TOKEN}`);
    expect(router.state.historyAction).toBe("REPLACE");
    await pageHeading();
  });
});
