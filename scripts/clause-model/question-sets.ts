// The sets of questions written for the question models (scripts/clause-model/train-router.ts and
// train-value-question.ts), each by one person apart, and the ones kept apart to check them on.

/** Questions written for the router by twenty-eight people apart, by kind ("none": about no one kind). */
export const writtenFiles = [
  "scripts/clause-model/router-questions.json",
  "scripts/clause-model/router-questions-2.json",
  "scripts/clause-model/router-questions-3.json",
  "scripts/clause-model/router-questions-4.json",
  "scripts/clause-model/router-questions-5.json",
  "scripts/clause-model/router-questions-6.json",
  "scripts/clause-model/router-questions-8.json",
  "scripts/clause-model/router-questions-9.json",
  "scripts/clause-model/router-questions-10.json",
  "scripts/clause-model/router-questions-11.json",
  "scripts/clause-model/router-questions-12.json",
  "scripts/clause-model/router-questions-13.json",
  "scripts/clause-model/router-questions-14.json",
  "scripts/clause-model/router-questions-15.json",
  "scripts/clause-model/router-questions-16.json",
  "scripts/clause-model/router-questions-17.json",
  "scripts/clause-model/router-questions-18.json",
  "scripts/clause-model/router-questions-19.json",
  "scripts/clause-model/router-questions-20.json",
  "scripts/clause-model/router-questions-21.json",
  "scripts/clause-model/router-questions-22.json",
  "scripts/clause-model/router-questions-23.json",
  "scripts/clause-model/router-questions-24.json",
  "scripts/clause-model/router-questions-25.json",
  "scripts/clause-model/router-questions-26.json",
  "scripts/clause-model/router-questions-27.json",
  "scripts/clause-model/router-questions-28.json",
  "scripts/clause-model/router-questions-29.json",
];

/** A seventh person's set, written like the others but never learnt from: the router, and the bench's payer questions, are checked on it. */
export const keptApartWrittenFile = "scripts/clause-model/router-questions-7.json";
// The eighth to twenty-ninth sets were each kept apart at first, to check the router on a new writer,
// then learnt from once that check was made (ADR 027).

/** The off-value writers learnt from; the second is kept apart, never learnt from. */
export const offValueFiles = [
  "bench/questions/off-value.json",
  "bench/questions/off-value-3.json",
  "bench/questions/off-value-4.json",
  "bench/questions/off-value-5.json",
  "bench/questions/off-value-6.json",
  "bench/questions/off-value-7.json",
  "bench/questions/off-value-8.json",
  "bench/questions/off-value-9.json",
  "bench/questions/off-value-10.json",
  "bench/questions/off-value-11.json",
  "bench/questions/off-value-12.json",
  "bench/questions/off-value-13.json",
  "bench/questions/off-value-14.json",
  "bench/questions/off-value-15.json",
  "bench/questions/off-value-16.json",
];
export const keptApartOffValueFile = "bench/questions/off-value-2.json";
