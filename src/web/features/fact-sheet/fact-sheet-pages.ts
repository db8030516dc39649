// The lazy chunk behind /app/documents/:documentId/fact-sheet and /app/compare (see app/routes.tsx).
export { FactSheetPage } from "./fact-sheet-page";
export { CompareFactSheetsPage } from "./compare-fact-sheets-page";
