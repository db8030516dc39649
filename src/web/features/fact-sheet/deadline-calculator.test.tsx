import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubServer, type Handler } from "../../../../tests/support/stub-server";
import { aFactSheet, aFactValue } from "../../../../tests/support/fact-sheets";
import { citationHref } from "../../../shared/chat";
import type { FactSheet } from "../../../shared/contracts/fact-sheet";
import { DeadlineCalculator } from "./deadline-calculator";

const timelyFiling = aFactValue({
  from: "the date of service",
  source: { quote: "Claims must be submitted within ninety (90) calendar days of the date of service." },
});
const appeal = aFactValue({
  value: "60 days",
  amount: 60,
  from: null,
  source: { clauseNumber: "7.1", heading: "Appeals", page: 12, quote: "within sixty (60) days" },
});
const payment = aFactValue({
  value: "30 business days",
  amount: 30,
  unit: "business-days",
  from: "receipt of a clean claim",
  source: { clauseNumber: "5.3", heading: "Prompt Payment", page: 9, quote: "within thirty (30) business days of receipt of a clean claim" },
});
const effective = aFactValue({
  value: "January 1, 2024",
  amount: null,
  unit: null,
  source: { clauseNumber: "1.1", heading: "Term", page: 2, quote: "effective January 1, 2024" },
});
const initialTerm = aFactValue({
  value: "1 year",
  amount: 1,
  unit: "years",
  source: { clauseNumber: "1.2", heading: "Term", page: 2, quote: "for an initial term of one (1) year" },
});
const autoRenewal = aFactValue({
  value: "1 year",
  amount: 1,
  unit: "years",
  source: { clauseNumber: "1.3", heading: "Renewal", page: 2, quote: "renews for successive one (1) year terms" },
});
const nonRenewal = aFactValue({
  value: "90 days",
  amount: 90,
  source: { clauseNumber: "1.3", heading: "Renewal", page: 2, quote: "unless either party gives ninety (90) calendar days’ notice of non-renewal" },
});
const termination = aFactValue({
  value: "180 days",
  amount: 180,
  source: { clauseNumber: "12.2", heading: "Termination", page: 19, quote: "one hundred eighty (180) days’ notice" },
});
const medicareTermination = aFactValue({
  value: "120 days",
  amount: 120,
  productLine: "medicare_advantage",
  source: { clauseNumber: null, heading: "Medicare Advantage Attachment", page: 41, quote: "one hundred twenty (120) days’ notice" },
});

const fullSheet = aFactSheet({
  effective_date: [effective],
  initial_term: [initialTerm],
  auto_renewal: [autoRenewal],
  non_renewal_notice: [nonRenewal],
  termination_without_cause: [termination, medicareTermination],
  timely_filing: [timelyFiling],
  provider_appeal: [appeal],
  clean_claim_payment: [payment],
  governing_law: [aFactValue({ value: "Tennessee", amount: null, unit: null })],
});

afterEach(() => vi.unstubAllGlobals());

function renderCalculator(sheet: FactSheet, today = "2026-05-01", routes: Record<string, Handler> = {}) {
  const server = stubServer({ [`GET /api/documents/${sheet.documentId}/fact-sheet/reminders`]: { status: 200, body: { reminders: [] } }, ...routes });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DeadlineCalculator sheet={sheet} today={today} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), unmount, server, result: () => screen.getByRole("region", { name: "Result" }) };
}

const deadlineSelect = () => screen.getByRole("combobox", { name: "Deadline" });

async function enterDate(user: ReturnType<typeof userEvent.setup>, label: string, date: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, date);
}

describe("DeadlineCalculator", () => {
  it("offers a deadline for every stated period, one per product line", () => {
    renderCalculator(fullSheet);
    expect(screen.getByRole("region", { name: "Deadlines" })).toBeInTheDocument();
    expect(
      within(deadlineSelect())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Claim filing deadline: 90 days",
      "Appeal deadline: 60 days",
      "Expected payment date: 30 business days",
      "Last day to send notice not to renew: 90 days",
      "Last day to give termination notice before renewal: 180 days",
      "Last day to give termination notice before renewal: 120 days · Medicare Advantage",
    ]);
  });

  it("computes the claim filing deadline from a date of service, citing the clause and page it came from", async () => {
    const { user, result } = renderCalculator(fullSheet);
    expect(result()).toHaveTextContent("Enter the date of service to see the date.");
    expect(screen.getByLabelText("Date of service")).toHaveAccessibleDescription("The contract counts from the date of service.");

    await enterDate(user, "Date of service", "2026-03-15");
    expect(result()).toHaveTextContent("File the claim byJune 13, 2026");
    expect(result()).toHaveTextContent("File the claim by June 13, 2026: 90 calendar days from March 15, 2026, counted from the date of service.");
    expect(within(result()).queryByText("Assumed where the contract does not say")).not.toBeInTheDocument();
    const source = within(result()).getByRole("link", { name: "4.2 Claims Submission, page 7" });
    expect(source).toHaveAttribute("href", citationHref(fullSheet.documentId, timelyFiling.source));
    expect(result()).toHaveTextContent("“Claims must be submitted within ninety (90) calendar days of the date of service.”");
  });

  it("says what it assumed for an appeal window in plain “days” with no starting point", async () => {
    const { user, result } = renderCalculator(fullSheet);
    await user.selectOptions(deadlineSelect(), "Appeal deadline: 60 days");
    await enterDate(user, "Date of the denial", "2026-02-10");
    expect(result()).toHaveTextContent("Send the appeal byApril 11, 2026");
    const assumptions = within(result()).getByRole("heading", { name: "Assumed where the contract does not say" }).nextElementSibling as HTMLElement;
    expect(
      within(assumptions)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "The contract says “days” without saying calendar or business days: they are counted as calendar days.",
      "The contract does not say what the appeal period starts from: it is counted from the date of the denial.",
    ]);
  });

  it("counts a clean claim's payment in business days, skipping Veterans Day and Thanksgiving", async () => {
    const { user, result } = renderCalculator(fullSheet);
    await user.selectOptions(deadlineSelect(), "Expected payment date: 30 business days");
    await enterDate(user, "Date the payer received the claim", "2026-11-02");
    expect(result()).toHaveTextContent("Payment is due byDecember 16, 2026");
    expect(result()).toHaveTextContent("Business days are Monday to Friday, except U.S. federal holidays on the days they are observed.");
  });

  it("fills in the contract's effective date and today, and gives the last day to send notice before the next renewal", async () => {
    const { user, result } = renderCalculator(fullSheet);
    await user.selectOptions(deadlineSelect(), "Last day to send notice not to renew: 90 days");
    expect(screen.getByLabelText("Effective date")).toHaveValue("2024-01-01");
    expect(screen.getByLabelText("As of")).toHaveValue("2026-05-01");
    expect(result()).toHaveTextContent("Send notice not to renew byOctober 2, 2026");
    expect(result()).toHaveTextContent("The current term ends on December 31, 2026 and the agreement renews on January 1, 2027.");
    expect(
      within(result())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["1.3 Renewal, page 2", "1.2 Term, page 2", "1.3 Renewal, page 2"]);
    expect(screen.queryByText("That day has passed")).not.toBeInTheDocument();

    await enterDate(user, "As of", "2026-11-01");
    expect(result()).toHaveTextContent("Next chance: send notice not to renew byOctober 2, 2027");
    expect(within(result()).getByRole("note")).toHaveTextContent(
      "That day has passedThe last day before the renewal on January 1, 2027 was October 2, 2026. The next chance is before the renewal on January 1, 2028.",
    );
  });

  it("works per product line: the Medicare Advantage attachment's notice", async () => {
    const { user, result } = renderCalculator(fullSheet);
    await user.selectOptions(deadlineSelect(), "Last day to give termination notice before renewal: 120 days · Medicare Advantage");
    expect(result()).toHaveTextContent("Send notice of termination bySeptember 2, 2026");
    expect(within(result()).getByRole("link", { name: "Medicare Advantage Attachment, page 41" })).toBeInTheDocument();
  });

  it("asks for the effective date when the contract's is not a date, and says what it assumed about renewal", async () => {
    const sheet = aFactSheet({
      effective_date: [aFactValue({ value: "the date signed by the Plan", amount: null, unit: null })],
      initial_term: [initialTerm],
      non_renewal_notice: [nonRenewal],
    });
    const { user, result } = renderCalculator(sheet);
    const effectiveDate = screen.getByLabelText("Effective date");
    expect(effectiveDate).toHaveValue("");
    expect(effectiveDate).toHaveAccessibleDescription("The contract says “the date signed by the Plan”: enter the date it started.");
    expect(result()).toHaveTextContent("Enter the effective date to see the date.");

    await enterDate(user, "Effective date", "2025-09-01");
    expect(result()).toHaveTextContent("Send notice not to renew byJune 2, 2026");
    expect(result()).toHaveTextContent("The contract does not state a renewal term: each renewal is taken to last as long as the initial term (1 year).");
    expect(result()).toHaveTextContent("The fact sheet shows no automatic renewal clause: this assumes the agreement renews at the end of each term.");
    expect(result()).toHaveTextContent("The current term ends on August 31, 2026");
  });

  it("offers no renewal deadline without an initial term, and says so when no period is stated at all", () => {
    const { unmount } = renderCalculator(aFactSheet({ non_renewal_notice: [nonRenewal], timely_filing: [timelyFiling] }));
    expect(
      within(deadlineSelect())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Claim filing deadline: 90 days"]);
    unmount();

    renderCalculator(aFactSheet({ governing_law: [aFactValue({ value: "Tennessee", amount: null, unit: null })], non_renewal_notice: [nonRenewal] }));
    expect(screen.getByText(/This contract states none of the periods a deadline is computed from/)).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("is used with the keyboard alone", async () => {
    const { user, result } = renderCalculator(fullSheet);
    await user.tab();
    expect(deadlineSelect()).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText("Date of service")).toHaveFocus();
    await user.keyboard("2026-03-15");
    expect(result()).toHaveTextContent("June 13, 2026");
    await user.tab();
    expect(within(result()).getByLabelText("Email me, days before")).toHaveFocus();
    await user.tab();
    expect(within(result()).getByRole("button", { name: "Email me a reminder" })).toHaveFocus();
    await user.tab();
    expect(within(result()).getByRole("link", { name: "4.2 Claims Submission, page 7" })).toHaveFocus();
  });

  it("emails a reminder the chosen number of days before a deadline still ahead, and lists it", async () => {
    const reminders: unknown[] = [];
    const reminder = {
      id: "9a1d0c1e-0000-4000-8000-000000000001",
      documentId: fullSheet.documentId,
      field: "timely_filing",
      label: "Claim filing deadline",
      deadline: "2026-06-13",
      remindOn: "2026-06-06",
      sentAt: null,
    };
    const { user, result, server } = renderCalculator(fullSheet, "2026-05-01", {
      [`GET /api/documents/${fullSheet.documentId}/fact-sheet/reminders`]: () => ({ status: 200, body: { reminders } }),
      [`POST /api/documents/${fullSheet.documentId}/fact-sheet/reminders`]: () => {
        reminders.push(reminder);
        return { status: 201, body: { reminder } };
      },
    });
    await enterDate(user, "Date of service", "2026-03-15");
    const days = within(result()).getByLabelText("Email me, days before");
    expect(days).toHaveValue(30);
    await user.clear(days);
    await user.type(days, "7");
    await user.click(within(result()).getByRole("button", { name: "Email me a reminder" }));
    expect(await screen.findByText("We'll email you on June 6, 2026.")).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === "POST")!.body).toEqual({
      field: "timely_filing",
      label: "Claim filing deadline",
      deadline: "2026-06-13",
      daysBefore: 7,
    });
    const list = await screen.findByRole("region", { name: "Reminders" });
    expect(list).toHaveTextContent("Claim filing deadline: June 13, 2026");
    expect(list).toHaveTextContent("Email on June 6, 2026");
  });

  it("offers no reminder for a deadline already past", async () => {
    const { user, result } = renderCalculator(fullSheet, "2026-09-01");
    await enterDate(user, "Date of service", "2026-03-15");
    expect(result()).toHaveTextContent("June 13, 2026");
    expect(within(result()).queryByRole("button", { name: "Email me a reminder" })).not.toBeInTheDocument();
  });
});
