import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { createQueryClient } from "../../lib/query-client";
import { LoadProblem } from "./load-problem";

/** A page as the app's pages are written: its load's problem first, then its loading, then what it loaded. */
function ContractsPage({ load }: { load: () => Promise<string[]> }) {
  const contracts = useQuery({ queryKey: ["contracts"], queryFn: load });
  if (contracts.isError) return <LoadProblem message="Your contracts could not be loaded." onRetry={() => void contracts.refetch()} />;
  if (contracts.isPending) return <p>Loading contracts</p>;
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
const offline = () => new TypeError("Failed to fetch");

describe("a failed load, with the app's query client", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows its problem with Try again within 2 s of failing", async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValue(offline());
    renderPage(load);
    await advance(0);
    expect(screen.getByText("Loading contracts")).toBeInTheDocument();
    await advance(1_999);
    expect(screen.getByRole("alert")).toHaveTextContent("Your contracts could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
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
    expect(screen.getByRole("alert")).toHaveTextContent("Your contracts could not be loaded.");
    await advance(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
