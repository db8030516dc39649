import { runAuditLogBench } from "./audit-log";
import { runExtractionBench } from "./extraction";
import { runFactSheetBench } from "./fact-sheet";
import { runHostileFilesBench } from "./hostile-files";
import { runLandingBudget } from "./landing-budget";
import { runLoadBench } from "./load";
import { runPageImagesBench } from "./page-images";
import { runPlatformConsoleBench } from "./platform-console";
import { runPortfolioBench } from "./portfolio";
import { runProcessingBench } from "./processing";
import { runQuestionAnsweringBench } from "./question-answering";
import { runUploadBench } from "./uploads";

/** Prints a benchmark's figures under its title; answers whether its targets were met. */
function reported(title: string, { ok, figures }: { ok: boolean; figures: Record<string, string> }): boolean {
  console.log(`\n${title}`);
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  return ok;
}

/** `npm run bench`: every benchmark in turn; exits non-zero when a target is missed. */
const results = {
  landing: await runLandingBudget(),
  extraction: reported("Document extraction (CUAD dev set)", await runExtractionBench()),
  hostileFiles: reported("Hostile files (issue 20, item 5)", await runHostileFilesBench()),
  processing: reported("Document processing end to end (CUAD dev set)", await runProcessingBench()),
  questionAnswering: reported("Question answering (issue 21)", await runQuestionAnsweringBench()),
  platformConsole: reported("Platform console (issue 17)", await runPlatformConsoleBench()),
  factSheet: reported("Contract fact sheet (issue 18)", await runFactSheetBench()),
  uploads: reported("Upload memory (issue 20, item 6)", await runUploadBench()),
  pageImages: reported("Page images of image documents (issue 20, item 9)", await runPageImagesBench()),
  auditLog: reported("Audit log (issue 19)", await runAuditLogBench()),
  portfolio: reported("Portfolio, 1,000 agreements in one organization (issue 28)", await runPortfolioBench()),
  load: reported("Load, 50 clients on one server (issue 20)", await runLoadBench()),
};
const missed = Object.entries(results)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
console.log(missed.length === 0 ? "\nAll benchmark targets met." : `\nTargets missed: ${missed.join(", ")}`);
process.exit(missed.length === 0 ? 0 : 1);
