import { describe, expect, it } from "vitest";
import { deriveDocumentType } from "./document-type";

describe("deriveDocumentType", () => {
  it.each([
    ["Aetna_Provider_Agreement_2025.pdf", "Payer Contract"],
    ["BCBS-participation-contract.docx", "Payer Contract"],
    ["UnitedHealthcare Agreement.pdf", "Payer Contract"],
    ["Regional Network Agreement.pdf", "Network Agreement"],
    ["medicare-advantage-contract.pdf", "Government Contract"],
    ["Texas Medicaid Agreement.pdf", "Government Contract"],
    ["Medicaid network agreement.pdf", "Network Agreement"],
    ["Humana Medicare Advantage Agreement.pdf", "Payer Contract"],
    ["Aetna network agreement.pdf", "Payer Contract"],
    ["Lease agreement.pdf", "Contract"],
    ["services contract.docx", "Contract"],
    ["Prior authorization policy.pdf", "Policy Document"],
    ["Provider Manual 2026.pdf", "Policy Document"],
    ["fee schedule.pdf", "PDF Document"],
    ["notes.doc", "Word Document"],
    ["notes.DOCX", "Word Document"],
    ["scan.png", "Document"],
    ["scan.tiff", "Document"],
  ])("%s is a %s", (filename, expected) => {
    expect(deriveDocumentType(filename)).toBe(expected);
  });
});
