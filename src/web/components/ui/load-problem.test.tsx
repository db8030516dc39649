import { onlineManager, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, ConnectionError, connectionMessages } from "../../lib/api-client";
import { createQueryClient } from "../../lib/query-client";
import { LoadProblem } from "./load-problem";
import { SkeletonRows } from "./skeleton";

/** A page as the app's pages are written: its load's problem first, then its loading, then what it loaded. */
function ContractsPage({ load }: { load: () => Promise<string[]> }) {
  const contracts = useQuery({ queryKey: ["contracts"], queryFn: load });
  if (contracts.isError) return <LoadProblem message="Your contracts could not be loaded." error={contracts.error} onRetry={() => void contracts.refetch()} />;
  if (contracts.isPending) return <SkeletonRows label="Loading contracts" />;
  return (
    <ul aria-label="Contracts">
      {contracts.data.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

function renderPage(load: () => Promise<string[]>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContractsPage load={load} />
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const offline = () => new ConnectionError(true);

describe("a failed load, with the app's query client", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows its problem with Try again within 2 s of failing", async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValue(offline());
    renderPage(load);
    await advance(0);
    expect(screen.getByRole("status", { name: "Loading contracts" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await advance(1_999);
    expect(screen.getByRole("alert")).toHaveTextContent(`Your contracts could not be loaded.${connectionMessages.offline}`);
    expect(screen.getByRole("alert")).not.toHaveTextContent("Failed to fetch");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is not paused while the browser is offline: the problem, in plain words, shows within 2 s", async () => {
    onlineManager.setOnline(false);
    try {
      const load = vi.fn<() => Promise<string[]>>().mockRejectedValue(offline());
      renderPage(load);
      await advance(1_999);
      expect(screen.getByRole("alert")).toHaveTextContent(connectionMessages.offline);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("keeps trying behind the problem and shows the page once the failure passes", async () => {
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(offline())
      .mockRejectedValueOnce(offline())
      .mockRejectedValueOnce(offline())
      .mockResolvedValue(["Acme Health PPO"]);
    renderPage(load);
    await advance(2_000);
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await advance(3_000);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Contracts" })).toHaveTextContent("Acme Health PPO");
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("loads again at once on Try again", async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValue(["Acme Health PPO"]);
    renderPage(load);
    await advance(1_500);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await advance(0);
    expect(screen.getByRole("list", { name: "Contracts" })).toHaveTextContent("Acme Health PPO");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("shows a refusal at once and does not ask again by itself", async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValue(new ApiError("Not found.", "not_found"));
    renderPage(load);
    await advance(0);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Your contracts could not be loaded\.Try again$/);
    await advance(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
