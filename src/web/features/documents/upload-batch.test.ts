import { describe, expect, it } from "vitest";
import { cannotProcessMessages } from "../../../shared/billing";
import { summarizeBatch, type BatchFileOutcome } from "./upload-batch";

const started = (filename: string): BatchFileOutcome => ({ kind: "started", filename });
const waiting = (filename: string): BatchFileOutcome => ({ kind: "waiting", filename, reason: "insufficient_credits" });
const refused = (filename: string, reason = "The file is larger than 50 MB."): BatchFileOutcome => ({
  kind: "refused",
  filename,
  title: "File too large",
  reason,
});

describe("summarizeBatch", () => {
  it.each<[string, BatchFileOutcome[], ReturnType<typeof summarizeBatch>]>([
    ["one started", [started("a.pdf")], { tone: "success", title: "Document uploaded", description: "1 document processing. Each card updates as it goes." }],
    [
      "three started",
      [started("a.pdf"), started("b.pdf"), started("c.pdf")],
      { tone: "success", title: "3 documents uploaded", description: "3 documents processing. Each card updates as it goes." },
    ],
    [
      "the reason to wait is said once however many wait",
      [started("a.pdf"), waiting("b.pdf"), waiting("c.pdf")],
      {
        tone: "warning",
        title: "3 documents uploaded",
        description: `1 document processing. Each card updates as it goes. 2 documents waiting to be processed. ${cannotProcessMessages.insufficient_credits}`,
      },
    ],
    [
      "a start that failed leaves Process on the card",
      [started("a.pdf"), { kind: "not_started", filename: "b.pdf" }],
      {
        tone: "warning",
        title: "2 documents uploaded",
        description: "1 document processing. Each card updates as it goes. 1 document could not be started. Click Process on its card to try again.",
      },
    ],
    [
      "a refused file is named with its reason",
      [started("a.pdf"), refused("huge.pdf")],
      {
        tone: "warning",
        title: "Document uploaded",
        description: "1 document processing. Each card updates as it goes. Not uploaded — huge.pdf: The file is larger than 50 MB.",
      },
    ],
    ["one refused file keeps its own title", [refused("huge.pdf")], { tone: "error", title: "File too large", description: "The file is larger than 50 MB." }],
    [
      "every file refused",
      [refused("a.pdf"), refused("b.exe", "Unsupported file type.")],
      { tone: "error", title: "Uploads failed", description: "Not uploaded — a.pdf: The file is larger than 50 MB.; b.exe: Unsupported file type." },
    ],
  ])("%s", (_name, outcomes, expected) => {
    expect(summarizeBatch(outcomes)).toEqual(expected);
  });
});
