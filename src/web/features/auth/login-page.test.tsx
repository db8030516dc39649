import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { landing, renderRoutes, siteWith, stubServer } from "./auth-test-utils";
import { LAST_SIGN_IN_METHOD_KEY, PENDING_CHECKOUT_KEY } from "./auth-storage";
import { LoginPage } from "./login-page";

function renderLogin(url = "/login", site = siteWith()) {
  return renderRoutes([{ path: "/login", element: <LoginPage /> }, landing("/app"), landing("/app/chat"), landing("/auth/verify")], url, site);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("login page", () => {
  it("offers only the configured providers", async () => {
    stubServer();
    renderLogin("/login", siteWith(["google"]));
    expect(await screen.findByRole("button", { name: /Continue with Google/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Continue with Microsoft/ })).not.toBeInTheDocument();
  });

  it("offers no provider buttons when none is configured", async () => {
    stubServer();
    renderLogin("/login", siteWith([]));
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("the toggle switches to sign-up, which hides the provider buttons and 'Forgot password?'", async () => {
    stubServer();
    renderLogin();
    await userEvent.click(await screen.findByRole("button", { name: "Sign up" }));
    expect(screen.getByRole("heading", { level: 1, name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign Up" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Forgot password?" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign in instead" }));
    expect(screen.getByRole("button", { name: /Continue with Google/ })).toBeInTheDocument();
    expect(document.title).toBe("Sign in · Clausewise");
  });

  it.each([
    ["azure", /Continue with Microsoft/],
    ["google", /Continue with Google/],
    ["password", /^Sign In/],
  ])("shows 'Last used' on the %s method only", async (method, name) => {
    window.localStorage.setItem(LAST_SIGN_IN_METHOD_KEY, method);
    stubServer();
    renderLogin();
    const button = await screen.findByRole("button", { name });
    expect(within(button).getByText("Last used")).toBeInTheDocument();
    expect(screen.getAllByText("Last used")).toHaveLength(1);
  });

  it("shows no 'Last used' badge for a first visit", async () => {
    stubServer();
    renderLogin();
    await screen.findByRole("button", { name: /Continue with Google/ });
    expect(screen.queryByText("Last used")).not.toBeInTheDocument();
  });

  it("'Forgot password?' with no email answers with the 'Email required' toast and sends nothing", async () => {
    const server = stubServer();
    renderLogin();
    await userEvent.click(await screen.findByRole("button", { name: "Forgot password?" }));
    const dialog = screen.getByRole("dialog", { name: "Reset your password" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reset code" }));
    expect(await screen.findByText("Email required")).toBeInTheDocument();
    expect(screen.getByText("Please enter your email address to reset your password.")).toBeInTheDocument();
    expect(server.callsTo("/api/auth/email-otp/request-password-reset")).toHaveLength(0);
  });

  it("'Forgot password?' sends a reset code to the typed email and goes to /auth/verify", async () => {
    const server = stubServer();
    const router = renderLogin();
    await userEvent.type(await screen.findByLabelText("Email"), "pat@clinic.example");
    await userEvent.type(screen.getByLabelText("Password"), "half-remembered");
    await userEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = screen.getByRole("dialog", { name: "Reset your password" });
    expect(within(dialog).getByLabelText("Email")).toHaveValue("pat@clinic.example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reset code" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/verify"));
    expect(router.state.location.search).toBe("?email=pat%40clinic.example&type=password_reset");
    expect(server.callsTo("/api/auth/email-otp/request-password-reset")[0]?.body).toEqual({ email: "pat@clinic.example" });
    // The dialog's submit must not also submit the sign-in form it sits in (React bubbles through portals).
    expect(server.callsTo("/api/auth/sign-in/email")).toHaveLength(0);
    expect(await screen.findByText("Reset email sent!")).toBeInTheDocument();
  });

  it("keeps submit disabled until both fields are filled, and explains a short password inline", async () => {
    const server = stubServer();
    renderLogin();
    const submit = await screen.findByRole("button", { name: "Sign In" });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Email"), "pat@clinic.example");
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Password"), "12345");
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(screen.getByText("Password must be at least 6 characters long.")).toBeInTheDocument();
    expect(server.callsTo("/api/auth/sign-in/email")).toHaveLength(0);
  });

  it("a password sign-in remembers the method, welcomes the person and returns to the redirect target", async () => {
    let isSignedIn = false;
    const server = stubServer({
      "/api/auth/sign-in/email": () => {
        isSignedIn = true;
        return { status: 200, body: { token: "t" } };
      },
      "/api/me": () => (isSignedIn ? { status: 200, body: { user: { id: "u1", email: "pat@clinic.example" } } } : { status: 401, body: {} }),
    });
    const router = renderLogin("/login?redirect=%2Fapp%2Fchat");
    await userEvent.type(await screen.findByLabelText("Email"), "pat@clinic.example");
    await userEvent.type(screen.getByLabelText("Password"), "correct-horse");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/chat"));
    expect(server.callsTo("/api/auth/sign-in/email")[0]?.body).toEqual({ email: "pat@clinic.example", password: "correct-horse" });
    expect(window.localStorage.getItem(LAST_SIGN_IN_METHOD_KEY)).toBe("password");
    expect(await screen.findByText("Welcome to Clausewise!")).toBeInTheDocument();
  });

  it("a wrong password shows 'Sign in failed' with the server's message", async () => {
    stubServer({
      "/api/auth/sign-in/email": { status: 401, body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } },
    });
    renderLogin();
    await userEvent.type(await screen.findByLabelText("Email"), "pat@clinic.example");
    await userEvent.type(screen.getByLabelText("Password"), "wrong-horse");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Sign in failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password")).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_SIGN_IN_METHOD_KEY)).toBeNull();
  });

  it("sign-up stays on the page with the verify-email message and a code entry", async () => {
    const server = stubServer();
    const router = renderLogin();
    await userEvent.click(await screen.findByRole("button", { name: "Sign up" }));
    await userEvent.type(screen.getByLabelText("Full name"), "Pat Newcomer");
    await userEvent.type(screen.getByLabelText("Email"), "new@clinic.example");
    await userEvent.type(screen.getByLabelText("Password"), "fresh-pass-1");
    expect(screen.getByRole("button", { name: "Sign Up" })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Practice name"), "Maple Street Family Practice");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Account created! Please check your email to verify your account.")).toBeInTheDocument();
    expect(screen.getByLabelText("6-digit code")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(server.callsTo("/api/auth/sign-up/email")[0]?.body).toMatchObject({
      email: "new@clinic.example",
      password: "fresh-pass-1",
      name: "Pat Newcomer",
      practiceName: "Maple Street Family Practice",
    });
  });

  it("keeps a chosen plan for checkout and says so", async () => {
    stubServer();
    renderLogin("/login?plan=pro");
    expect(await screen.findByText("You chose the Pro plan — you'll go to checkout after signing in.")).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(PENDING_CHECKOUT_KEY) ?? "null")).toEqual({ plan: "pro" });
  });

  it("explains a rejected email link", async () => {
    stubServer();
    renderLogin("/login?e=bad_link");
    expect(await screen.findByRole("alert")).toHaveTextContent(/invalid or has expired/);
  });

  it("sends a signed-in visitor straight on to the redirect target", async () => {
    stubServer({ "/api/me": { status: 200, body: { user: { id: "u1", email: "pat@clinic.example" } } } });
    const router = renderLogin("/login?redirect=%2Fapp%2Fchat");
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/chat"));
  });
});
