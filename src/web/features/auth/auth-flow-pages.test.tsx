import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAppUser } from "../../../../tests/support/app-user";
import { buildEmailLink } from "../../../shared/auth-links";
import { profileMessages } from "../../../shared/profile";
import { AuthErrorPage } from "./auth-error-page";
import { CUSTOM_INVITATION_TOKEN_KEY } from "../session/stored-invitation";
import { FROM_EMAIL_AUTH_KEY, PASSWORD_RESET_KEY } from "./auth-storage";
import { landing, renderRoutes, stubServer } from "./auth-test-utils";
import { emailDeliveryMessages } from "./code-entry";
import { CodePage } from "./code-page";
import { HashPage } from "./hash-page";
import { OpenLinkPage } from "./open-link-page";
import { NewPasswordPage, ResetPasswordPage } from "./set-password-page";
import { VerifyPage } from "./verify-page";

const pages = [
  { path: "/auth/verify", element: <VerifyPage /> },
  { path: "/auth/code", element: <CodePage /> },
  { path: "/auth/open", element: <OpenLinkPage /> },
  { path: "/auth/hash", element: <HashPage /> },
  { path: "/auth/error", element: <AuthErrorPage /> },
  { path: "/auth/reset", element: <ResetPasswordPage /> },
  { path: "/auth/new-password", element: <NewPasswordPage /> },
  landing("/login"),
  landing("/app"),
  landing("/auth/complete-invite"),
  landing("/auth/two-factor"),
  landing("/auth/your-name"),
];

const renderAt = (url: string) => renderRoutes(pages, url);
const storedReset = () => JSON.parse(window.sessionStorage.getItem(PASSWORD_RESET_KEY) ?? "null") as unknown;

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, "", "/");
});

describe("/auth/verify", () => {
  it("without an email goes to /login", async () => {
    stubServer();
    const router = renderAt("/auth/verify?type=signup");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("a reset code is checked, kept for this tab, and leads to /auth/reset", async () => {
    const server = stubServer();
    const router = renderAt("/auth/verify?email=pat%40clinic.example&type=password_reset");
    expect(await screen.findByRole("heading", { level: 1, name: "Check your email" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("6-digit code"), "123456");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/reset"));
    expect(server.callsTo("/api/auth/email-otp/check-verification-otp")[0]?.body).toEqual({
      email: "pat@clinic.example",
      otp: "123456",
      type: "forget-password",
    });
    expect(storedReset()).toEqual({ email: "pat@clinic.example", code: "123456" });
  });

  it("a sign-up code verifies the email, toasts and lands in /app", async () => {
    let isSignedIn = false;
    const server = stubServer({
      "/api/auth/email-otp/verify-email": () => ((isSignedIn = true), { status: 200, body: { status: true } }),
      "/api/me": () => (isSignedIn ? { status: 200, body: { user: { id: "u1" } } } : { status: 401, body: {} }),
    });
    const router = renderAt("/auth/verify?email=new%40clinic.example&type=signup");
    await userEvent.type(await screen.findByLabelText("6-digit code"), "222333");
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
    expect(server.callsTo("/api/auth/email-otp/verify-email")).toHaveLength(1);
    expect(await screen.findByText("Verification successful!")).toBeInTheDocument();
  });

  it("resend asks for a new code of the same kind", async () => {
    const server = stubServer();
    renderAt("/auth/verify?email=pat%40clinic.example");
    await userEvent.click(await screen.findByRole("button", { name: "Send a new code" }));
    expect(await screen.findByText("New code sent!")).toBeInTheDocument();
    expect(server.callsTo("/api/auth/email-otp/send-verification-otp")[0]?.body).toEqual({ email: "pat@clinic.example", type: "sign-in" });
  });

  it.each([
    ["retrying", "Email delayed"],
    ["failed", "Email not sent"],
  ] as const)("says when the code's email is %s, and asks again after a resend", async (status, title) => {
    const server = stubServer({ "/api/email-delivery": { status: 200, body: { delivery: { email: "pat@clinic.example", status } } } });
    renderAt("/auth/verify?email=Pat%40clinic.example&type=signup");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(emailDeliveryMessages[status]("pat@clinic.example"));
    const asked = server.callsTo("/api/email-delivery").length;
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(server.callsTo("/api/email-delivery").length).toBeGreaterThan(asked));
  });

  it.each([
    ["a code on its way", { delivery: { email: "pat@clinic.example", status: "sending" } }],
    ["a code sent", { delivery: { email: "pat@clinic.example", status: "sent" } }],
    ["another address's failure", { delivery: { email: "someone-else@clinic.example", status: "failed" } }],
    ["nothing to tell", { delivery: null }],
  ])("says nothing for %s", async (_, body) => {
    const server = stubServer({ "/api/email-delivery": { status: 200, body } });
    renderAt("/auth/verify?email=pat%40clinic.example");
    expect(await screen.findByRole("button", { name: "Send a new code" })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo("/api/email-delivery")).toHaveLength(1));
    // The answer has been read and drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a rate limit's message when resending is refused", async () => {
    stubServer({
      "/api/auth/email-otp/request-password-reset": {
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many attempts. Please wait 14 minutes and try again." } },
      },
    });
    renderAt("/auth/verify?email=pat%40clinic.example&type=password_reset");
    await userEvent.click(await screen.findByRole("button", { name: "Send a new code" }));
    expect(await screen.findByText("Failed to resend")).toBeInTheDocument();
    expect(screen.getByText("Too many attempts. Please wait 14 minutes and try again.")).toBeInTheDocument();
  });
});

describe("/auth/code", () => {
  it.each([
    ["password_reset", "Password Reset Code Required"],
    ["recovery", "Password Reset Code Required"],
    ["invite", "Invitation Code Required"],
    ["email_change", "Email Change Code Required"],
    ["magiclink", "Sign In Code Required"],
  ])("type=%s is titled %j", async (type, title) => {
    stubServer();
    renderAt(`/auth/code?type=${type}`);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/Your authentication link has expired or been used\./)).toBeInTheDocument();
  });

  it("shows the provider's message, or 'An error occurred' for a bare error", async () => {
    stubServer();
    renderAt("/auth/code?type=email&message=Link%20is%20invalid");
    expect(await screen.findByText("Link is invalid")).toBeInTheDocument();
  });

  it("shows 'An error occurred' for an error without a description", async () => {
    stubServer();
    renderAt("/auth/code?type=email&error=server_error");
    expect(await screen.findByText("An error occurred")).toBeInTheDocument();
  });

  it("a recovery code with the email leads to /auth/new-password", async () => {
    stubServer();
    const router = renderAt("/auth/code?type=recovery");
    await userEvent.type(await screen.findByLabelText("Email"), "pat@clinic.example");
    await userEvent.type(screen.getByLabelText("6-digit code"), "444 555");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/new-password"));
    expect(storedReset()).toEqual({ email: "pat@clinic.example", code: "444555" });
  });

  /** The invitation code page, where the code signs Dana in and joins; `needsName` when the account has no name. */
  async function joinByCode(needsName: boolean) {
    let isSignedIn = false;
    const server = stubServer({
      "/api/invitations/accept-with-code": () => (
        (isSignedIn = true),
        { status: 200, body: { organizationId: "org-1", organizationName: "Blue Valley Clinic", role: "org_user", needsName } }
      ),
      "/api/me": () => (isSignedIn ? { status: 200, body: { user: { id: "u1" } } } : { status: 401, body: {} }),
    });
    const router = renderAt("/auth/code?type=invite&email=dana%40bluevalley.example");
    await userEvent.type(await screen.findByLabelText("6-digit code"), "314159");
    return { server, router };
  }

  it("an invitation code signs in and joins, then lands in /app", async () => {
    const { server, router } = await joinByCode(false);
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
    expect(server.callsTo("/api/invitations/accept-with-code")[0]?.body).toEqual({ email: "dana@bluevalley.example", code: "314159" });
    expect(await screen.findByText("Verification successful!")).toBeInTheDocument();
  });

  it("an invitation code for an account that uses two-factor sign-in asks for its code first, then goes on to accept the invitation", async () => {
    const server = stubServer({
      "/api/invitations/accept-with-code": { status: 200, body: { twoFactorRedirect: true } },
      "/api/me": { status: 401, body: {} },
    });
    const router = renderAt("/auth/code?type=invite&email=dana%40bluevalley.example");
    await userEvent.type(await screen.findByLabelText("6-digit code"), "314159");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/two-factor"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/auth/complete-invite");
    expect(server.callsTo("/api/invitations/accept-with-code")).toHaveLength(1);
    expect(screen.queryByText("Verification successful!")).not.toBeInTheDocument();
  });

  it("an invitation code that made an account without a name goes to the name page before the app", async () => {
    const { router } = await joinByCode(true);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/your-name"));
    expect(router.state.location.search).toBe("?redirect=%2Fapp");
  });

  it("a wrong invitation code says so, and resend asks for a new invitation code", async () => {
    const server = stubServer({
      "/api/invitations/accept-with-code": {
        status: 400,
        body: { error: { code: "bad_request", message: "Please check your code and try again.", requestId: "r1" } },
      },
      "/api/invitations/resend-code": { status: 204 },
    });
    renderAt("/auth/code?type=invite&email=dana%40bluevalley.example");
    await userEvent.type(await screen.findByLabelText("6-digit code"), "000000");
    expect(await screen.findByText("Verification failed")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByText("New code sent!")).toBeInTheDocument();
    expect(server.callsTo("/api/invitations/resend-code")[0]?.body).toEqual({ email: "dana@bluevalley.example" });
    expect(server.callsTo("/api/auth/email-otp/send-verification-otp")).toHaveLength(0);
  });

  it("an email change's first confirmation says the other address must confirm too", async () => {
    const server = stubServer({ "/api/auth/email-change/confirm": { status: 200, body: { status: "waiting" } } });
    renderAt("/auth/code?type=email_change&email=new%40clinic.example");
    await userEvent.type(await screen.findByLabelText("6-digit code"), "123456");
    expect(await screen.findByText(profileMessages.emailChangeWaiting)).toBeInTheDocument();
    expect(server.callsTo("/api/auth/email-change/confirm")[0]?.body).toEqual({ email: "new@clinic.example", code: "123456" });
  });
});

describe("/auth/open", () => {
  it("routes a recovery link to /auth/hash with the email and code in the hash", async () => {
    stubServer();
    const link = buildEmailLink(window.location.origin, { type: "recovery", email: "pat@clinic.example", code: "123456" });
    window.history.replaceState(null, "", link.slice(link.indexOf("/auth/open")));
    const router = renderAt("/auth/open");
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/auth/open"));
    // /auth/hash then finishes it: the reset is kept and the password page follows.
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/new-password"));
    expect(storedReset()).toEqual({ email: "pat@clinic.example", code: "123456" });
  });

  it("asks a browser with no session 'Sign in as …?' and signs in only when confirmed, with a POST from the page", async () => {
    const server = stubServer({ "/api/auth/email-link": { status: 200, body: { redirectTo: "/app" } } });
    const link = buildEmailLink(window.location.origin, { type: "magic_link", email: "pat@clinic.example", code: "123456" });
    window.history.replaceState(null, "", link.slice(link.indexOf("/auth/open")));
    const router = renderAt("/auth/open");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in as pat@clinic.example?" })).toBeVisible();
    expect(server.callsTo("/api/auth/email-link")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Sign in as pat@clinic.example" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
    expect(server.callsTo("/api/auth/email-link")[0]?.body).toEqual({ type: "magic_link", email: "pat@clinic.example", code: "123456" });
  });

  it("cancelling a sign-in link signs nothing in and goes to /login", async () => {
    const server = stubServer();
    const link = buildEmailLink(window.location.origin, { type: "signup", email: "pat@clinic.example", code: "123456" });
    window.history.replaceState(null, "", link.slice(link.indexOf("/auth/open")));
    const router = renderAt("/auth/open");
    await userEvent.click(await screen.findByRole("link", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(server.callsTo("/api/auth/email-link")).toEqual([]);
  });

  it("a confirmation the server refuses says why and stays on the page", async () => {
    stubServer({
      "/api/auth/email-link": {
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many attempts. Please wait a minute and try again.", requestId: "r" } },
      },
    });
    const link = buildEmailLink(window.location.origin, { type: "magic_link", email: "pat@clinic.example", code: "123456" });
    window.history.replaceState(null, "", link.slice(link.indexOf("/auth/open")));
    renderAt("/auth/open");
    await userEvent.click(await screen.findByRole("button", { name: "Sign in as pat@clinic.example" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please wait a minute and try again.");
  });

  it("asks before a sign-in link for another account replaces the one signed in, and staying keeps it", async () => {
    const server = stubServer({ "/api/me": { status: 200, body: { user: anAppUser({ email: "sam@clinic.example" }) } } });
    const link = buildEmailLink(window.location.origin, { type: "magic_link", email: "pat@elsewhere.example", code: "123456" });
    window.history.replaceState(null, "", link.slice(link.indexOf("/auth/open")));
    const router = renderAt("/auth/open");
    expect(await screen.findByRole("heading", { name: "Sign in as pat@elsewhere.example?" })).toBeVisible();
    expect(screen.getByText("sam@clinic.example")).toBeVisible();
    expect(screen.getByRole("button", { name: "Sign in as pat@elsewhere.example" })).toBeVisible();
    await userEvent.click(screen.getByRole("link", { name: "Stay signed in as sam@clinic.example" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
    expect(server.callsTo("/api/auth/email-link")).toEqual([]);
  });

  it("a sign-in link for the account already signed in here needs no asking", async () => {
    const server = stubServer({
      "/api/me": { status: 200, body: { user: anAppUser({ email: "pat@clinic.example" }) } },
      "/api/auth/email-link": { status: 200, body: { redirectTo: "/app" } },
    });
    const link = buildEmailLink(window.location.origin, { type: "magic_link", email: "Pat@clinic.example", code: "123456" });
    window.history.replaceState(null, "", link.slice(link.indexOf("/auth/open")));
    const router = renderAt("/auth/open");
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
    expect(server.callsTo("/api/auth/email-link")).toHaveLength(1);
  });

  it("sends a link to somewhere else to /login?e=bad_link", async () => {
    stubServer();
    window.history.replaceState(null, "", `/auth/open#${encodeURIComponent("https://evil.example/api/auth/email-link")}`);
    const router = renderAt("/auth/open");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?e=bad_link");
  });
});

describe("/auth/hash", () => {
  it("a recovery hash keeps the reset, flags the email sign-in and opens /auth/new-password", async () => {
    stubServer();
    const router = renderAt("/auth/hash#type=recovery&email=pat%40clinic.example&code=654321");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/new-password"));
    expect(storedReset()).toEqual({ email: "pat@clinic.example", code: "654321" });
    expect(window.localStorage.getItem(FROM_EMAIL_AUTH_KEY)).toBe("true");
    expect(await screen.findByRole("heading", { level: 1, name: "Set New Password" })).toBeInTheDocument();
  });

  it("an error in the hash goes to the code entry with the message", async () => {
    stubServer();
    const router = renderAt("/auth/hash#error=access_denied&error_description=Email+link+is+invalid&type=recovery");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/code"));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      type: "recovery",
      message: "Email link is invalid",
    });
  });

  it.each([
    ["#type=invite&token=tok-0123456789abcdef", { token: "tok-0123456789abcdef", type: "azure_invite", completed: "true" }],
    ["#type=invite", { completed: "true" }],
    ["#type=invite&error=access_denied&error_description=Cancelled", { error: "access_denied", error_description: "Cancelled" }],
  ])("an invitation hash %s goes to the invitation page with %j", async (hash, query) => {
    stubServer();
    const router = renderAt(`/auth/hash${hash}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/complete-invite"));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(query);
  });

  it("signed in with an invitation kept across Microsoft sign-in, goes to accept it", async () => {
    window.localStorage.setItem(CUSTOM_INVITATION_TOKEN_KEY, "tok-0123456789abcdef");
    stubServer({ "/api/me": { status: 200, body: { user: { id: "u1" } } } });
    const router = renderAt("/auth/hash#type=invite");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/complete-invite"));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ type: "azure_ad", completed: "true" });
  });

  it("an error with an invitation kept goes to the invitation page, which explains it", async () => {
    window.localStorage.setItem(CUSTOM_INVITATION_TOKEN_KEY, "tok-0123456789abcdef");
    stubServer();
    const router = renderAt("/auth/hash#error=server_error");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/complete-invite"));
    expect(router.state.location.search).toBe("?error=server_error");
  });

  it("anything else goes to /app once the session is known", async () => {
    stubServer();
    const router = renderAt("/auth/hash");
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
  });

  it("falls back to the code entry when nothing usable arrives within 5 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const router = renderAt("/auth/hash");
    expect(screen.getByText("Processing authentication...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(router.state.location.pathname).toBe("/auth/hash");
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe("/auth/code");
    expect(router.state.location.search).toBe("?type=email");
  });
});

describe("/auth/error", () => {
  it("an expired link explains email scanners and offers the code for that email", async () => {
    stubServer();
    renderAt("/auth/error?error=otp_expired&error_description=This%20link%20has%20expired&email=pat%40clinic.example&type=magic_link");
    expect(await screen.findByRole("heading", { level: 1, name: "Authentication Issue" })).toBeInTheDocument();
    expect(screen.getByText(/Your authentication link has expired\. This often happens when email scanners/)).toBeInTheDocument();
    expect(screen.getByLabelText("6-digit code")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
  });

  it("any other problem shows its description, or a general line", async () => {
    stubServer();
    renderAt("/auth/error?error=access_denied");
    expect(await screen.findByText("There was an issue with your authentication link.")).toBeInTheDocument();
    expect(screen.queryByLabelText("6-digit code")).not.toBeInTheDocument();
  });
});

describe("/auth/reset and /auth/new-password", () => {
  const keepReset = () => window.sessionStorage.setItem(PASSWORD_RESET_KEY, JSON.stringify({ email: "pat@clinic.example", code: "123456" }));

  it("without a reset in progress asks for the code", async () => {
    stubServer();
    const router = renderAt("/auth/reset");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/code"));
    expect(router.state.location.search).toBe("?type=recovery");
  });

  it("refuses a short password and a mismatch with the spec's toasts", async () => {
    keepReset();
    const server = stubServer();
    renderAt("/auth/reset");
    expect(await screen.findByRole("heading", { level: 1, name: "Set new password" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New password"), "short");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Password too short")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New password"), "-but-longer");
    await userEvent.click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(server.callsTo("/api/auth/email-otp/reset-password")).toHaveLength(0);
  });

  it("sets the password, signs in with it, forgets the reset and lands in /app", async () => {
    keepReset();
    window.localStorage.setItem(FROM_EMAIL_AUTH_KEY, "true");
    let isSignedIn = false;
    const server = stubServer({
      "/api/auth/sign-in/email": () => ((isSignedIn = true), { status: 200, body: {} }),
      "/api/me": () => (isSignedIn ? { status: 200, body: { user: { id: "u1" } } } : { status: 401, body: {} }),
    });
    const router = renderAt("/auth/new-password");
    await userEvent.type(await screen.findByLabelText("New password"), "a-brand-new-pass");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "a-brand-new-pass");
    await userEvent.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app"));
    expect(server.callsTo("/api/auth/email-otp/reset-password")[0]?.body).toEqual({
      email: "pat@clinic.example",
      otp: "123456",
      password: "a-brand-new-pass",
    });
    expect(server.callsTo("/api/auth/sign-in/email")[0]?.body).toEqual({ email: "pat@clinic.example", password: "a-brand-new-pass" });
    expect(window.sessionStorage.getItem(PASSWORD_RESET_KEY)).toBeNull();
    expect(window.localStorage.getItem(FROM_EMAIL_AUTH_KEY)).toBeNull();
    expect(await screen.findByText("Password updated!")).toBeInTheDocument();
  });

  it("a used-up code sends the person back to enter a new one", async () => {
    keepReset();
    stubServer({ "/api/auth/email-otp/reset-password": { status: 400, body: { code: "OTP_EXPIRED", message: "OTP expired" } } });
    const router = renderAt("/auth/reset");
    await userEvent.type(await screen.findByLabelText("New password"), "a-brand-new-pass");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "a-brand-new-pass");
    await userEvent.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/code"));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Password Reset Code Required" })).toBeInTheDocument();
  });
});
