import { findFacts, type FactKind } from "./facts";
import { remembered } from "../../shared/remembered";
import { stem, tokenize } from "./text";

/** Fact kinds whose presence in a sentence is a feature: a notice period states a duration, a cap an amount. */
const factKinds: readonly FactKind[] = ["duration", "date", "amount", "percentage"];

/** A word as a feature: its stem; figures are all one word, "#" (a 30-day and a 60-day notice are alike). */
function featureWord(word: string): string {
  return /^\d/.test(word) ? "#" : stem(word);
}

/** What a sentence's features are made of: its words, its headings' words and the kinds of fact it states. */
export interface SentenceParts {
  words: string[];
  headingWords: string[];
  facts: FactKind[];
}

export function sentenceParts(text: string, headings: readonly string[]): SentenceParts {
  return {
    words: tokenize(text).map(featureWord),
    headingWords: headingWordsOf(headings.join("\n")),
    facts: factKinds.filter((kind) => findFacts(text, kind).length > 0),
  };
}

/** A clause's headings as feature words, remembered: every sentence of the clause has the same. */
const headingWordsOf = remembered("rag.heading-words", 2_000, (headings: string) => tokenize(headings).map(featureWord));

/**
 * What the clause-kind model reads of a sentence: its words (stems) and pairs of neighbouring
 * words (which keep "not exclusive" apart from "exclusive", "governed by" apart from "by"), the
 * words of its clause's headings, and the kinds of fact it states. The training script reads
 * sentences through this; the product looks the same features up from `sentenceParts` directly
 * (clause-model.ts), and a test holds the two to the same features.
 */
export function sentenceFeatures(text: string, headings: readonly string[]): string[] {
  const { words, headingWords, facts } = sentenceParts(text, headings);
  const features = new Set<string>();
  for (let index = 0; index < words.length; index++) {
    features.add(`w:${words[index]}`);
    if (index + 1 < words.length) features.add(`b:${words[index]}_${words[index + 1]}`);
  }
  for (const word of headingWords) features.add(`h:${word}`);
  for (const kind of facts) features.add(`f:${kind}`);
  return [...features];
}
