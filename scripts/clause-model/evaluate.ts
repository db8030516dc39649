// Measures the clause-kind model on contracts it was not trained on, sentence by sentence, without
// the app: for each held-out fold of cuad-train (each with its own fold model) and for cuad-dev
// (with the shipped model), whether the best-scored sentence of a kind is one a lawyer marked,
// and how well the best score tells a contract that has the clause from one that does not.
//   npx tsx scripts/clause-model/evaluate.ts
import { readFileSync } from "node:fs";
import { loadClauseModel, type ClauseModelFile } from "../../src/core/rag/clause-model";
import { outcomesOf, type KindOutcome } from "./held-out";
import { FOLDS, foldModelPath, foldOf, readPrepared, shippedModelPath } from "./train";

/** Area under the ROC curve of the best score, contracts with the clause against those without. */
function areaUnderCurve(outcomes: readonly KindOutcome[]): number {
  const present = outcomes.filter((outcome) => outcome.isPresent).map((outcome) => outcome.best);
  const absent = outcomes.filter((outcome) => !outcome.isPresent).map((outcome) => outcome.best);
  if (!present.length || !absent.length) return Number.NaN;
  let wins = 0;
  for (const p of present) for (const a of absent) wins += p > a ? 1 : p === a ? 0.5 : 0;
  return wins / (present.length * absent.length);
}

export function report(title: string, outcomes: readonly KindOutcome[]): void {
  const present = outcomes.filter((outcome) => outcome.isPresent);
  const absent = outcomes.filter((outcome) => !outcome.isPresent);
  console.log(`\n${title}: ${present.length} present, ${absent.length} absent; AUC ${areaUnderCurve(outcomes).toFixed(3)}`);
  console.log(
    `  best sentence marked: ${(present.filter((o) => o.hitAt1).length / present.length).toFixed(3)}, among best 3: ${(present.filter((o) => o.hitAt3).length / present.length).toFixed(3)}`,
  );
  const answered = present.filter((o) => o.reply === "answer");
  const share = (part: number, whole: number) => (whole ? part / whole : 0).toFixed(3);
  console.log(
    `  by the kinds' thresholds: present answered ${share(answered.length, present.length)}, answer cites a marked sentence ${share(answered.filter((o) => o.hitAt3).length, answered.length)} of answers (${share(answered.filter((o) => o.hitAt3).length, present.length)} of present), present refused ${share(present.filter((o) => o.reply === "not-addressed").length, present.length)}; absent answered ${share(absent.filter((o) => o.reply === "answer").length, absent.length)}, led ${share(absent.filter((o) => o.reply === "answer" && o.isLed).length, absent.length)}, refused ${share(absent.filter((o) => o.reply === "not-addressed").length, absent.length)}`,
  );
  for (const threshold of [0.5, 0.9, 0.95]) {
    const answered = present.filter((o) => o.best >= threshold);
    const right = answered.filter((o) => o.hitAt3).length;
    const falselyAnswered = absent.filter((o) => o.best >= threshold).length;
    console.log(
      `  at ${threshold}: present answered ${(answered.length / present.length).toFixed(3)} (right among 3: ${(right / present.length).toFixed(3)}), absent answered ${(falselyAnswered / absent.length).toFixed(3)}`,
    );
  }
}

function perKind(outcomes: readonly KindOutcome[]): void {
  const kinds = [...new Set(outcomes.map((outcome) => outcome.kind))].sort();
  for (const kind of kinds) {
    const mine = outcomes.filter((outcome) => outcome.kind === kind);
    const present = mine.filter((outcome) => outcome.isPresent);
    console.log(
      `  ${kind.padEnd(36)} present ${String(present.length).padStart(3)} hit@1 ${(present.filter((o) => o.hitAt1).length / (present.length || 1)).toFixed(2)} hit@3 ${(present.filter((o) => o.hitAt3).length / (present.length || 1)).toFixed(2)} AUC ${areaUnderCurve(mine).toFixed(2)}`,
    );
  }
}

const readModel = (file: string) => loadClauseModel(JSON.parse(readFileSync(file, "utf8")) as ClauseModelFile, file);

if (import.meta.url === `file://${process.argv[1]}`) {
  const train = readPrepared("cuad-train");
  const heldOut: KindOutcome[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = readModel(foldModelPath(fold));
    for (const contract of train.filter((candidate) => foldOf(candidate.contractId) === fold)) heldOut.push(...outcomesOf(model, contract));
  }
  report("cuad-train, held-out folds", heldOut);
  perKind(heldOut);
  const shipped = readModel(shippedModelPath);
  report(
    "cuad-dev, shipped model",
    readPrepared("cuad-dev").flatMap((contract) => outcomesOf(shipped, contract)),
  );
}
