import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnswerOutcomeHeader, readOutcomeTitle } from "./answer-outcome";

describe("readOutcomeTitle", () => {
  it.each([
    ["**Answer**\n\n- Ninety days [1].", false, { outcome: "answer", body: "\n- Ninety days [1]." }],
    ["**Closest passages**\n\nI could not confirm", true, { outcome: "closest", body: "\nI could not confirm" }],
    ["**Not addressed**  \n\n- This contract does not appear", false, { outcome: "not-addressed", body: "\n- This contract does not appear" }],
    ["**Not addressed**", true, { outcome: "not-addressed", body: "" }],
    // A title still arriving is held back while streaming, and only then.
    ["**Clos", true, { body: "" }],
    ["**", true, { body: "" }],
    ["**Clos", false, { body: "**Clos" }],
    // Anything else is the reply as written: a model's answer with no title, or bold that is not a title.
    ["- Ninety days [1].", true, { body: "- Ninety days [1]." }],
    ["**Answer**: ninety days", true, { body: "**Answer**: ninety days" }],
    ["**Related, but not an answer**\n\n- x", false, { body: "**Related, but not an answer**\n\n- x" }],
  ] as const)("%j (streaming: %s)", (content, isStreaming, expected) => {
    expect(readOutcomeTitle(content, isStreaming)).toEqual(expected);
  });
});

describe("AnswerOutcomeHeader", () => {
  it.each([
    ["answer", "Answer", "text-primary"],
    ["closest", "Closest passages", "text-amber-900"],
    ["not-addressed", "Not addressed", "text-muted-foreground"],
  ] as const)("shows %s as a %j badge with its icon and tone", (outcome, label, tone) => {
    const { container } = render(<AnswerOutcomeHeader outcome={outcome} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveClass(tone);
    expect(badge.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(container).toHaveTextContent(outcome === "closest" ? `${label}Unconfirmed: these passages may not answer your question.` : label);
  });
});
