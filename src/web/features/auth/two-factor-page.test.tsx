import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anAppUser } from "../../../../tests/support/app-user";
import { twoFactorMessages } from "../../../shared/two-factor";
import { landing, renderRoutes, stubServer } from "./auth-test-utils";
import { TwoFactorPage } from "./two-factor-page";

const renderAt = (url: string) => renderRoutes([{ path: "/auth/two-factor", element: <TwoFactorPage /> }, landing("/login"), landing("/app/chat")], url);

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("the two-factor sign-in page", () => {
  it("sends the app's code with the trusted-device choice, then goes where the sign-in was headed", async () => {
    const server = stubServer({
      "/api/auth/two-factor": { status: 200, body: { signedIn: true } },
      "/api/me": { status: 200, body: { user: anAppUser() } },
    });
    renderAt("/auth/two-factor?redirect=%2Fapp%2Fchat");
    const verify = screen.getByRole("button", { name: "Verify" });
    await userEvent.type(screen.getByLabelText("Authentication code"), "12345");
    expect(verify).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Authentication code"), "6");
    await userEvent.click(screen.getByLabelText("Trust this device for 30 days"));
    await userEvent.click(verify);
    expect(await screen.findByText("Landed on /app/chat")).toBeInTheDocument();
    expect(server.callsTo("/api/auth/two-factor").map((call) => call.body)).toEqual([{ code: "123456", trustDevice: true }]);
  });

  it("takes a recovery code instead, and says why a wrong one is refused", async () => {
    const server = stubServer({
      "/api/auth/two-factor": { status: 400, body: { error: { code: "bad_request", message: twoFactorMessages.wrongRecoveryCode, requestId: "r" } } },
    });
    renderAt("/auth/two-factor");
    await userEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    await userEvent.type(screen.getByLabelText("Recovery code"), "abcde-12345");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(twoFactorMessages.wrongRecoveryCode)).toBeInTheDocument();
    expect(server.callsTo("/api/auth/two-factor").map((call) => call.body)).toEqual([{ code: "abcde-12345", trustDevice: false }]);
  });

  it("sends a browser whose sign-in ran out back to sign in", async () => {
    stubServer({
      "/api/auth/two-factor": { status: 401, body: { error: { code: "unauthenticated", message: twoFactorMessages.challengeExpired, requestId: "r" } } },
    });
    renderAt("/auth/two-factor");
    await userEvent.type(screen.getByLabelText("Authentication code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Landed on /login")).toBeInTheDocument();
  });
});
