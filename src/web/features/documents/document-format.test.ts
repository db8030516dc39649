import { describe, expect, it } from "vitest";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { processingProgress } from "./document-format";

type Progress = NonNullable<DocumentSummary["progress"]>;
const at = (stage: Progress["stage"], pagesDone: number, pagesTotal: number) => ({ status: "processing" as const, progress: { stage, pagesDone, pagesTotal } });

describe("processingProgress", () => {
  it.each([
    [
      { status: "queued" as const, progress: null },
      { label: "Waiting to start", percent: 0 },
    ],
    [
      { status: "processing" as const, progress: null },
      { label: "Starting", percent: 0 },
    ],
    [at("queued", 0, 0), { label: "Waiting to start", percent: 0 }],
    [at("extract", 0, 0), { label: "Reading pages", percent: 5 }],
    [at("extract", 5, 10), { label: "Reading pages 5 of 10", percent: 38 }],
    [at("extract", 10, 10), { label: "Reading pages 10 of 10", percent: 70 }],
    [at("structure", 10, 10), { label: "Finding clauses", percent: 75 }],
    [at("embed", 0, 40), { label: "Embedding passages 0 of 40", percent: 80 }],
    [at("embed", 40, 40), { label: "Embedding passages 40 of 40", percent: 95 }],
    [at("index", 0, 10), { label: "Indexing", percent: 95 }],
    [at("index", 10, 10), { label: "Indexing", percent: 100 }],
  ])("%j → %j", (document, expected) => {
    expect(processingProgress(document)).toEqual(expected);
  });

  it("never moves backwards from one stage to the next", () => {
    const stages = [at("extract", 10, 10), at("structure", 10, 10), at("embed", 0, 3), at("embed", 3, 3), at("index", 0, 10), at("index", 10, 10)];
    const percents = stages.map((document) => processingProgress(document).percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });
});
