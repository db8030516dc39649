import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anAppUser } from "../../../../tests/support/app-user";
import { profileMessages } from "../../../shared/profile";
import { goTo } from "../../lib/go-to";
import { landing, renderRoutes, stubServer } from "./auth-test-utils";
import { YourNamePage } from "./your-name-page";

vi.mock("../../lib/go-to", () => ({ goTo: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goTo).mockReset();
});

const pages = [{ path: "/auth/your-name", element: <YourNamePage /> }, landing("/login")];
const signedIn = { status: 200, body: { user: anAppUser({ email: "dana@bluevalley.example", organizationName: "Blue Valley Clinic" }) } };

describe("/auth/your-name", () => {
  it("asks the person who joined for their name, keeps it as their profile's, and goes on to the app", async () => {
    const server = stubServer({ "/api/me": signedIn, "/api/me/profile": signedIn });
    renderRoutes(pages, "/auth/your-name?redirect=%2Fapp%2Fdocuments");
    const nameField = await screen.findByLabelText("Full name");
    expect(screen.getByRole("heading", { level: 1, name: "What's your name?" })).toBeInTheDocument();
    expect(screen.getByText("You've joined Blue Valley Clinic. Tell your colleagues who you are.")).toBeInTheDocument();
    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect(continueButton).toBeDisabled();

    await userEvent.type(nameField, "  Dana Reyes ");
    await userEvent.click(continueButton);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/app/documents"));
    expect(server.callsTo("/api/me/profile")).toEqual([{ path: "/api/me/profile", body: { displayName: "Dana Reyes" } }]);
  });

  it("refuses a name too long to keep, and changes nothing", async () => {
    const server = stubServer({ "/api/me": signedIn });
    renderRoutes(pages, "/auth/your-name?redirect=%2Fapp");
    await userEvent.type(await screen.findByLabelText("Full name"), "x".repeat(81));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(profileMessages.displayNameTooLong)).toBeInTheDocument();
    expect(server.callsTo("/api/me/profile")).toHaveLength(0);
    expect(goTo).not.toHaveBeenCalled();
  });

  it("keeps the person on the page with the server's reason when the name is refused", async () => {
    stubServer({
      "/api/me": signedIn,
      "/api/me/profile": { status: 429, body: { error: { code: "rate_limited", message: "Too many requests. Please wait a minute.", requestId: "r" } } },
    });
    renderRoutes(pages, "/auth/your-name");
    await userEvent.type(await screen.findByLabelText("Full name"), "Dana Reyes");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please wait a minute.");
    expect(goTo).not.toHaveBeenCalled();
  });

  it("sends a signed-out visitor to sign in, and back here after", async () => {
    stubServer();
    const router = renderRoutes(pages, "/auth/your-name?redirect=%2Fapp");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/auth/your-name?redirect=%2Fapp");
  });
});
