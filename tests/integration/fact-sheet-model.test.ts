import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import { signedUpClient } from "../support/accounts";
import { readyFactSheet } from "../support/fact-sheets";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { processedDocument } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../support/openai-compatible-server";
import { createTestApp, type TestApp } from "../support/test-app";

// With a language model configured, the fields the rules leave blank are offered to it; what it
// proposes is kept only when its quote is on the page and its numbers are in the quote.

const clinicAgreement = [
  [
    "CLINIC SERVICES AGREEMENT",
    "1. Charts. Provider keeps patient charts on file for six (6) years after the last visit.",
    "2. Timely Filing. Provider shall submit claims within ninety (90) days after the date of service.",
  ].join("\n"),
];

let model: OpenAiCompatibleServer;
let testApp: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  model = await startOpenAiCompatibleServer();
  testApp = await createTestApp({
    env: { BILLING: "off", LLM_PROVIDER: "openai-compatible", LLM_MODEL: "contract-model", LLM_BASE_URL: model.baseUrl, LLM_TIMEOUT_MS: "1500" },
  });
  owner = await signedUpClient(testApp);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await model.close();
});

const valuesOf = (sheet: FactSheet, key: string) => sheet.fields.find((field) => field.key === key)!.values;

describe("a language model's proposals for the blank fields", () => {
  it("keeps a proposal quoted from the page, drops one the document does not say, and leaves the rules' values alone", async () => {
    model.respondWith({
      kind: "stream",
      pieces: () => [
        '[{"field":"records_retention","value":"6 years","quote":"Provider keeps patient charts on file for six (6) years after the last visit."},',
        '{"field":"governing_law","value":"Texas","quote":"This Agreement is governed by the laws of the State of Texas."},',
        '{"field":"timely_filing","value":"120 days","quote":"Provider shall submit claims within ninety (90) days after the date of service."}]',
      ],
    });
    const document = await processedDocument(testApp, owner, "Clinic Agreement.pdf", contractPdfOf(clinicAgreement));
    const sheet = await readyFactSheet(owner, document.id);
    expect(valuesOf(sheet, "records_retention")).toMatchObject([{ value: "6 years", amount: 6, unit: "years", source: { page: 1 } }]);
    expect(valuesOf(sheet, "governing_law")).toEqual([]);
    expect(valuesOf(sheet, "timely_filing").map((value) => value.value)).toEqual(["90 days"]);
    expect(sheet.unverifiedCount).toBe(2);
    const prompt = model.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join("\n");
    expect(prompt).toContain("records_retention");
    expect(prompt).not.toContain("- timely_filing:");
  });

  it("keeps the rules' sheet when the model fails", async () => {
    model.respondWith({ kind: "error", status: 500, message: "model down" });
    const document = await processedDocument(testApp, owner, "Clinic Agreement copy.pdf", contractPdfOf([...clinicAgreement, "Copy two"]));
    const sheet = await readyFactSheet(owner, document.id);
    expect(valuesOf(sheet, "timely_filing").map((value) => value.value)).toEqual(["90 days"]);
    expect(valuesOf(sheet, "records_retention")).toEqual([]);
  });
});
