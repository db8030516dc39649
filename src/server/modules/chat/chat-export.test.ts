import { describe, expect, it } from "vitest";
import { exportFilename } from "./chat-export";

describe("exportFilename", () => {
  it.each([
    ["How long do we have to file claims", "markdown", "How long do we have to file claims.md"],
    ["Termination (Medicaid), 2026", "pdf", "Termination (Medicaid), 2026.pdf"],
    ["../../etc/passwd", "pdf", "etc passwd.pdf"],
    ['a\\b "c" <d> e:f|g?h*i', "markdown", "a b c d e f g h i.md"],
    ["Délai de dépôt", "pdf", "Délai de dépôt.pdf"],
    ["📄 🧾", "pdf", "Conversation.pdf"],
    ["", "markdown", "Conversation.md"],
    ["x".repeat(200), "pdf", `${"x".repeat(80)}.pdf`],
  ] as const)("%s (%s) → %s", (title, format, expected) => {
    expect(exportFilename(title, format)).toBe(expected);
  });
});
