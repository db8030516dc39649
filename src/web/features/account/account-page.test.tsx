import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedInApp, setWindowWidth } from "../app-shell/app-shell-test-utils";

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("/app/account after an email-change link", () => {
  it.each([
    ["waiting", "Address confirmed", "Now confirm the change from the other address too"],
    ["changed", "Email changed", "Use your new email to sign in from now on"],
  ])("email_change=%s says '%s', and the address bar forgets it", async (status, title, description) => {
    setWindowWidth(1280);
    const { router } = renderSignedInApp(`/app/account?email_change=${status}`);
    const notifications = await screen.findByRole("region", { name: /Notifications/ });
    const shown = (await within(notifications).findByText(title)).closest("li");
    expect(shown).toHaveTextContent(description);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await screen.findByRole("dialog", { name: "User Profile" })).toBeInTheDocument();
  });
});
