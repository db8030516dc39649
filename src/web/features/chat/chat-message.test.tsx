import { render, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChatMessageBubble } from "./chat-message";
import type { ChatTurn } from "./use-conversation";

const closestReply = [
  "**Closest passages**",
  "",
  "I could not confirm an answer in this contract. The closest clauses are:",
  "- Claims are submitted within ninety (90) days [1]",
  "",
  "**Citations**",
].join("\n");
const notAddressedReply = ["**Not addressed**", "", "- This contract does not appear to address arbitration.", "", "**Citations**"].join("\n");
const answerReply = ["**Answer**", "", "- **90 days** [1]", "", "**Citations**"].join("\n");

function renderTurn(turn: Partial<ChatTurn>) {
  const { container } = render(
    <ol>
      <ChatMessageBubble turn={{ id: "a1", role: "assistant", content: "", createdAt: "2026-11-20T15:00:00.000Z", status: "done", ...turn }} />
    </ol>,
  );
  return within(container).getByRole("listitem", { name: "Answer" });
}

/** The bubble: the box around the reply, whose tone tells the outcomes apart. */
const bubbleOf = (answer: HTMLElement) => within(answer).getByText("Citations").closest(".rounded-2xl");

describe("ChatMessageBubble outcomes", () => {
  it.each([
    ["answer", answerReply, "Answer", "bg-card"],
    ["closest", closestReply, "Closest passages", "border-amber-300"],
    ["not-addressed", notAddressedReply, "Not addressed", "bg-muted/40"],
  ] as const)("shows a stored %s reply under its label, once, in its tone", (outcome, content, label, tone) => {
    const answer = renderTurn({ content, outcome });
    expect(within(answer).getByText(label)).toBeInTheDocument();
    // The title line became the header: it is not also shown as bold text.
    expect(within(answer).queryByText(label, { selector: "strong" })).not.toBeInTheDocument();
    expect(bubbleOf(answer)).toHaveClass(tone);
    expect(answer).toHaveTextContent("Citations");
  });

  it("says closest passages are unconfirmed, and only them", () => {
    expect(renderTurn({ content: closestReply, outcome: "closest" })).toHaveTextContent("Unconfirmed: these passages may not answer your question.");
    expect(renderTurn({ id: "a2", content: answerReply, outcome: "answer" })).not.toHaveTextContent("Unconfirmed");
  });

  it("takes a stored reply's outcome from its metadata over its title", () => {
    const answer = renderTurn({ content: answerReply, outcome: "not-addressed" });
    expect(within(answer).getByText("Not addressed")).toBeInTheDocument();
    expect(within(answer).queryByText("Answer")).not.toBeInTheDocument();
  });

  it("reads a streaming reply's outcome from the title it begins with", () => {
    const answer = renderTurn({ content: "**Closest passages**\n\nI could not confirm an answer", status: "streaming" });
    expect(within(answer).getByText("Closest passages")).toBeInTheDocument();
    expect(answer).toHaveTextContent("I could not confirm an answer");
  });

  it("holds back a title that is still arriving instead of showing its asterisks", () => {
    const answer = renderTurn({ content: "**Closest pass", status: "streaming" });
    expect(answer).not.toHaveTextContent("**");
    expect(within(answer).queryByText(/Closest/)).not.toBeInTheDocument();
  });
});
