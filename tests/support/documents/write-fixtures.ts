// Writes the small sample documents in tests/fixtures/documents (for upload and e2e tests).
// Run with `npx tsx src/server/adapters/extract/write-fixtures.ts`; fixtures.test.ts checks them.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { repoRoot } from "./cuad-dev";
import { buildDocx, buildPdf, renderTextPng, w } from "./test-fixtures";

export const fixturesDirectory = path.join(repoRoot, "tests/fixtures/documents");

export const scanLines = [
  "ARTICLE 3. CLAIMS AND PAYMENT",
  "3.1 Provider shall submit claims within ninety (90) days",
  "of the date of service.",
  "3.2 Payer shall pay clean claims within thirty (30) days.",
];

export async function writeFixtures(): Promise<string[]> {
  mkdirSync(fixturesDirectory, { recursive: true });
  const scanPng = renderTextPng(scanLines, { fontSize: 36, width: 1400 });
  const { data, info } = await sharp(scanPng).grayscale().raw().toBuffer({ resolveWithObject: true });
  const files: Record<string, Buffer> = {
    "payer-agreement.pdf": buildPdf([
      {
        lines: [
          { text: "PARTICIPATING PROVIDER AGREEMENT", x: 72, y: 720, size: 14 },
          { text: 'This Agreement is made between Acme Health Plan ("Payer") and', x: 72, y: 690 },
          { text: 'Main Street Family Practice ("Provider").', x: 72, y: 676 },
          { text: "1. TERM. This Agreement starts on January 1, 2025 and renews", x: 72, y: 646 },
          { text: "each year unless either party gives ninety (90) days notice.", x: 72, y: 632 },
        ],
      },
      {
        lines: [
          { text: "2. COMPENSATION. Payer pays Provider the lesser of billed charges", x: 72, y: 720 },
          { text: "or 110% of the Medicare fee schedule.", x: 72, y: 706 },
          { text: "3. TIMELY FILING. Claims must be filed within 90 days.", x: 72, y: 676 },
        ],
      },
    ]),
    "scanned-page.pdf": buildPdf([
      { image: { width: info.width, height: info.height, pixels: data }, width: (info.width * 72) / 200, height: (info.height * 72) / 200 },
    ]),
    "password-protected.pdf": buildPdf([{ lines: [{ text: "Confidential fee schedule", x: 72, y: 720 }] }], { encrypt: true }),
    "truncated.pdf": buildPdf([{ lines: [{ text: "This file was cut short.", x: 72, y: 720 }] }]).subarray(0, 300),
    "scanned-page.png": await sharp(scanPng).withDensity(200).png().toBuffer(),
    "png-renamed.pdf": await sharp(scanPng).png().toBuffer(),
    "payer-agreement.docx": buildDocx(
      [
        w.p("PARTICIPATING PROVIDER AGREEMENT", { style: "Heading1" }),
        w.p("This Agreement is made between Acme Health Plan and Main Street Family Practice."),
        w.p("EXHIBIT A - FEE SCHEDULE", { style: "Heading1", before: w.pageBreak }),
        w.table([
          ["CPT", "Description", "Rate"],
          ["99213", "Office visit, established patient", "$85.00"],
        ]),
      ].join(""),
      { deflate: true },
    ),
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(fixturesDirectory, name), bytes);
  return Object.keys(files);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // eslint-disable-next-line no-console
  console.log(`wrote ${(await writeFixtures()).join(", ")} to ${fixturesDirectory}`);
}
