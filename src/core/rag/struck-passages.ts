import { isStruck, type StruckPages } from "../documents/struck-text";
import { locateQuote, type PageTexts, type SourcePassage } from "./citations";
import type { KindSentence } from "./kind-evidence";
import { sentencesOf } from "./passage-sentences";

// What chat may read of a document whose words are struck through on the page (ADR 044): a struck
// sentence is not what the agreement says, so no answer quotes it, leads with it or is read from it.

/** Whether any page the passage spans has words struck through. */
function spansStruckPage(passage: Pick<SourcePassage, "pageStart" | "pageEnd">, struck: StruckPages): boolean {
  for (let page = passage.pageStart; page <= passage.pageEnd; page++) if (struck.get(page)?.length) return true;
  return false;
}

/** Whether the sentence, found on the passage's pages, is (mostly) struck through there. */
function isStruckSentence(text: string, passage: SourcePassage, pages: PageTexts, struck: StruckPages): boolean {
  const found = locateQuote(text, pages, passage.pageStart, passage.pageEnd);
  return found !== undefined && isStruck(found, struck);
}

/**
 * The passage as chat reads it: each sentence struck through on its page blanked out, with as many
 * spaces as it had characters, so every other sentence keeps its place and is quoted as before.
 */
export function passageInForce(passage: SourcePassage, pages: PageTexts, struck: StruckPages): SourcePassage {
  if (!spansStruckPage(passage, struck)) return passage;
  let text = passage.text;
  for (const sentence of sentencesOf(passage.text, passage.clauses))
    if (isStruckSentence(sentence.text, passage, pages, struck))
      text = `${text.slice(0, sentence.start)}${" ".repeat(sentence.end - sentence.start)}${text.slice(sentence.end)}`;
  return text === passage.text ? passage : { ...passage, text };
}

/** The model's findings without those in struck sentences. */
export function findingsInForce(
  sentences: readonly KindSentence[],
  passageOf: (id: string) => SourcePassage | undefined,
  pages: PageTexts,
  struck: StruckPages,
): KindSentence[] {
  return sentences.filter((finding) => {
    const passage = passageOf(finding.passageId);
    return !passage || !spansStruckPage(passage, struck) || !isStruckSentence(finding.sentence.text, passage, pages, struck);
  });
}
