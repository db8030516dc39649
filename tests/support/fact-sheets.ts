import type { FactField, FactSheet, FactSource, FactValue } from "../../src/shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../src/shared/fact-sheet";

/** A value as the fact reader stores it, with a source on `page` whose quote holds the value. */
export function aFactValue(value: Partial<Omit<FactValue, "source">> & { source?: Partial<FactSource> } = {}): FactValue {
  const { source, ...rest } = value;
  return {
    value: "90 days",
    amount: 90,
    unit: "days",
    from: null,
    productLine: "all",
    ...rest,
    source: {
      chunkId: "chunk-1",
      clauseNumber: "4.2",
      heading: "Claims Submission",
      page: 7,
      quote: "Provider shall submit claims within ninety (90) days of the date of service.",
      startOffset: 0,
      endOffset: 76,
      ...source,
    },
  };
}

/** A ready fact sheet of a synthetic contract; `fields` lists the fields that have values (every other field is "Not stated"). */
export function aFactSheet(fields: Partial<Record<FactFieldKey, FactValue[]>> = {}, sheet: Partial<Omit<FactSheet, "fields">> = {}): FactSheet {
  return {
    documentId: "8d0c8a3e-5f7b-4b8e-9a53-2f1f0f3a6c11",
    documentName: "Sample Health Plan Provider Agreement.pdf",
    status: "ready",
    builtAt: "2026-11-20T15:00:00.000Z",
    unverifiedCount: 0,
    reviewsToCheck: [],
    ...sheet,
    fields: Object.entries(fields).map(([key, values]) => ({ key, values }) as FactField),
  };
}

/** Asks for a document's fact sheet until its reading is done (asking queues one never read). */
export async function readyFactSheet(client: { get(path: string): Promise<Response> }, documentId: string, timeoutMs = 20_000): Promise<FactSheet> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/api/documents/${documentId}/fact-sheet`);
    if (response.status !== 200) throw new Error(`the fact sheet answered ${response.status}`);
    const { factSheet } = (await response.json()) as { factSheet: FactSheet };
    if (factSheet.status === "ready") return factSheet;
    if (Date.now() > deadline) throw new Error(`the fact sheet is still ${factSheet.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
