import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { neverAnswered, noConnection, stubServer } from "../../../../tests/support/stub-server";
import { connectionMessages } from "../../lib/api-client";
import { PortfolioPage } from "./portfolio-page";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPortfolio = () => renderAppRoutes([{ path: "/app/portfolio", element: <PortfolioPage /> }], "/app/portfolio", testSiteConfig());

describe("the portfolio's loading and failed states", () => {
  it("shows placeholder rows for the agreements and the calendar while they load", async () => {
    stubServer({ "GET /api/portfolio": neverAnswered, "GET /api/portfolio/calendar": neverAnswered });
    renderPortfolio();
    expect(await screen.findByRole("status", { name: "Loading the portfolio" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading the calendar" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the person is offline in plain words, and Try again asks again", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const server = stubServer({ "GET /api/portfolio": noConnection, "GET /api/portfolio/calendar": neverAnswered });
    renderPortfolio();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`The portfolio could not be loaded.${connectionMessages.offline}`);
    expect(alert).not.toHaveTextContent("Failed to fetch");
    const loads = server.callsTo("GET", "/api/portfolio").length;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(server.callsTo("GET", "/api/portfolio").length).toBeGreaterThan(loads));
  });
});
