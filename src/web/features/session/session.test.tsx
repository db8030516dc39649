import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anAppUser } from "../../../../tests/support/app-user";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer } from "../../../../tests/support/stub-server";
import { useSession } from "./session";
import { SessionRoot } from "./session-root";
import { CUSTOM_INVITATION_TOKEN_KEY, INVITATION_TOKEN_KEY } from "./stored-invitation";

afterEach(() => vi.unstubAllGlobals());

function WhoIsSignedIn() {
  const { user, isLoading, refresh } = useSession();
  return (
    <>
      <p>{isLoading ? "Loading" : (user?.email ?? "Signed out")}</p>
      <button type="button" onClick={() => void refresh()}>
        Check again
      </button>
    </>
  );
}

describe("a change of session", () => {
  it("forgets a stored invitation token (not the one kept across Microsoft sign-in); the first answer is no change", async () => {
    let user = anAppUser({ email: "pat@clinic.example" });
    stubServer({ "GET /api/me": () => ({ status: 200, body: { user } }) });
    window.localStorage.setItem(INVITATION_TOKEN_KEY, "link-token");
    window.localStorage.setItem(CUSTOM_INVITATION_TOKEN_KEY, "custom-token");
    renderAppRoutes(
      [{ element: <SessionRoot />, children: [{ path: "/auth/complete-invite", element: <WhoIsSignedIn /> }] }],
      "/auth/complete-invite",
      testSiteConfig(),
    );

    expect(await screen.findByText("pat@clinic.example")).toBeInTheDocument();
    expect(window.localStorage.getItem(INVITATION_TOKEN_KEY)).toBe("link-token");

    user = anAppUser({ id: "user-2", email: "dana@bluevalley.example" });
    await userEvent.click(screen.getByRole("button", { name: "Check again" }));
    expect(await screen.findByText("dana@bluevalley.example")).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(INVITATION_TOKEN_KEY)).toBeNull());
    expect(window.localStorage.getItem(CUSTOM_INVITATION_TOKEN_KEY)).toBe("custom-token");
  });
});
