export type DocumentDisplayType =
  "Payer Contract" | "Network Agreement" | "Government Contract" | "Contract" | "Policy Document" | "PDF Document" | "Word Document" | "Document";

// Names of payers practices most often contract with; a contract naming one is a payer contract.
const payerHints = [
  "payer",
  "payor",
  "aetna",
  "cigna",
  "humana",
  "united",
  "uhc",
  "optum",
  "anthem",
  "elevance",
  "bcbs",
  "blue cross",
  "blue shield",
  "bluecross",
  "kaiser",
  "centene",
  "ambetter",
  "wellcare",
  "molina",
  "tricare",
  "oscar",
  "highmark",
  "health net",
  "healthnet",
  "caresource",
  "amerigroup",
  "health plan",
  "insurance",
];

function hasWord(name: string, word: string): boolean {
  return name.includes(word);
}

/** The spec's display type, derived from the file name alone. */
export function deriveDocumentType(filename: string): DocumentDisplayType {
  const name = filename.toLowerCase().replace(/[_\-.]+/g, " ");
  const isContract = hasWord(name, "contract") || hasWord(name, "agreement");
  if (isContract) {
    // In the spec's order: a payer's name decides first, then 'network', then the government programmes.
    if (payerHints.some((hint) => hasWord(name, hint))) return "Payer Contract";
    if (hasWord(name, "network")) return "Network Agreement";
    if (hasWord(name, "medicare") || hasWord(name, "medicaid")) return "Government Contract";
    return "Contract";
  }
  if (hasWord(name, "policy") || hasWord(name, "manual")) return "Policy Document";
  if (/\.pdf$/i.test(filename)) return "PDF Document";
  if (/\.docx?$/i.test(filename)) return "Word Document";
  return "Document";
}
