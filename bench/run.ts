import { runExtractionBench } from "./extraction";
import { runLandingBudget } from "./landing-budget";
import { runQuestionAnsweringBench } from "./question-answering";

/** `npm run bench`: every benchmark in turn; exits non-zero when a target is missed. */
const results = {
  landing: await runLandingBudget(),
  extraction: (await runExtractionBench()).ok,
  questionAnswering: (await runQuestionAnsweringBench()).ok,
};
const missed = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
console.log(missed.length === 0 ? "\nAll benchmark targets met." : `\nTargets missed: ${missed.join(", ")}`);
process.exit(missed.length === 0 ? 0 : 1);
