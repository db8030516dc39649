import { z } from "zod";
import type { FactField, FactValue } from "../../shared/contracts/fact-sheet";
import { factFieldKeys, factFields, type FactFieldKey } from "../../shared/fact-sheet";
import { spelledNumber } from "../documents/structure";
import { citeQuote, type PageTexts } from "../rag/citations";
import { findFacts } from "../rag/facts";
import { contentStems } from "../rag/text";
import { findQuote } from "../documents/quote-match";
import { isStruck, nothingStruck, type StruckPages } from "../documents/struck-text";
import { factRules } from "./fact-rules";
import { contractParts, productLineAt, type ContractPart } from "./product-lines";
import { quantityOf, type FactPassage } from "./read-facts";

// With a language model configured, the rules' blanks are offered to it: it may propose a value
// and the sentence it read it from. A proposal is kept only as the rules' values are — its quote
// found word for word on the page, every number of the value in the quote — or it is dropped.

/** Passages offered to the model per field it is asked about. */
const PASSAGES_PER_FIELD = 2;
const MAX_PASSAGE_CHARS = 1200;

const proposalSchema = z.object({ field: z.enum(factFieldKeys), value: z.string().trim().min(1).max(200), quote: z.string().trim().min(12).max(600) });
export type ProposedValue = z.infer<typeof proposalSchema>;

/** The words a field is found by: its label, its description and the words of its rules' patterns ("retain", "maintain", "keep"…). */
function fieldWords(key: FactFieldKey): string {
  const definition = factFields.find((field) => field.key === key)!;
  const ruleWords = factRules
    .filter((rule) => rule.field === key)
    .flatMap((rule) => [...rule.about, ...(rule.heading ? [rule.heading] : [])])
    .map((pattern) => pattern.source.replace(/\\[bwsdWSD]/g, " ").replace(/[^a-z]+/gi, " "));
  return [definition.label, definition.description, ...ruleWords].join(" ");
}

/** The passages likeliest to state a field: most words shared with the words it is found by. */
function passagesFor(key: FactFieldKey, passages: readonly FactPassage[]): FactPassage[] {
  const wanted = new Set(contentStems(fieldWords(key)));
  return passages
    .filter((passage) => passage.kind !== "contents")
    .map((passage) => ({ passage, shared: new Set(contentStems(`${passage.headingPath.join(" ")} ${passage.text}`).filter((word) => wanted.has(word))).size }))
    .filter((entry) => entry.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.passage.number - b.passage.number)
    .slice(0, PASSAGES_PER_FIELD)
    .map((entry) => entry.passage);
}

/** What the model is asked: for each field the rules left blank, the passages likeliest to state it. */
export function proposalPrompt(missing: readonly FactFieldKey[], passages: readonly FactPassage[]): { system: string; user: string } | undefined {
  const offered = new Map<number, FactPassage>();
  for (const key of missing) for (const passage of passagesFor(key, passages)) offered.set(passage.number, passage);
  if (offered.size === 0) return undefined;
  const fields = missing.map((key) => {
    const definition = factFields.find((field) => field.key === key)!;
    return `- ${key}: ${definition.label}. ${definition.description}`;
  });
  const sources = [...offered.values()].map((passage) => `[${passage.number}] ${passage.headingPath.join(" › ")}\n${passage.text.slice(0, MAX_PASSAGE_CHARS)}`);
  return {
    system:
      "You read payer contracts for a medical practice. For each field listed, find the value the passages state, if any. " +
      'Answer only with a JSON array of objects {"field", "value", "quote"}: value is short ("90 days", "Yes", "Oregon"), ' +
      "quote is the exact sentence from a passage that states it, copied word for word. Leave out a field the passages do not state. Never guess.",
    user: `Fields:\n${fields.join("\n")}\n\nPassages:\n${sources.join("\n\n")}`,
  };
}

/** The proposals in the model's answer: the first JSON array in it, each entry that has the right shape. */
export function parseProposals(text: string): ProposedValue[] {
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const proposal = proposalSchema.safeParse(entry);
    return proposal.success ? [proposal.data] : [];
  });
}

/** The numbers a text states, in figures or in words ("ninety (90) days" → 90). */
function numbersIn(text: string): Set<number> {
  const numbers = new Set<number>((text.match(/\d+(?:\.\d+)?/g) ?? []).map(Number));
  for (const word of text.toLowerCase().match(/[a-z]+(?:-[a-z]+)?/g) ?? []) {
    const value = spelledNumber(word);
    if (value !== undefined) numbers.add(value);
  }
  return numbers;
}

/** A proposal as a value: its quote found in a passage and on the page, not struck through there, every number of the value in the quote; undefined otherwise. */
export function acceptProposal(
  proposal: ProposedValue,
  passages: readonly FactPassage[],
  pages: PageTexts,
  parts: readonly ContractPart[],
  struck: StruckPages = nothingStruck,
): FactValue | undefined {
  const passage = passages.find((candidate) => findQuote([candidate.text], proposal.quote, { exact: true, wordsOnly: true }));
  const source = passage && citeQuote(passage, proposal.quote, pages);
  if (!source || isStruck(source, struck)) return undefined;
  const quoted = numbersIn(source.quote);
  if (![...numbersIn(proposal.value)].every((number) => quoted.has(number))) return undefined;
  const duration = findFacts(proposal.value, "duration")[0];
  const quantity = duration && quantityOf(duration);
  return {
    value: proposal.value,
    amount: quantity?.amount ?? null,
    unit: quantity?.unit ?? null,
    from: null,
    productLine: productLineAt(parts, source.page, source.startOffset, source.quote),
    source,
  };
}

/**
 * The sheet with the model's accepted proposals in the fields the rules left blank (a proposal for
 * a field that has values, or one that fails verification, is dropped and counted).
 */
export function withProposals(
  fields: readonly FactField[],
  proposals: readonly ProposedValue[],
  passages: readonly FactPassage[],
  pages: PageTexts,
  struck: StruckPages = nothingStruck,
): { fields: FactField[]; refused: number } {
  const parts = contractParts(pages);
  let refused = 0;
  const added = new Map<FactFieldKey, FactValue[]>();
  for (const proposal of proposals) {
    const isBlank = fields.find((field) => field.key === proposal.field)?.values.length === 0;
    const value = isBlank ? acceptProposal(proposal, passages, pages, parts, struck) : undefined;
    if (!value) refused++;
    else added.set(proposal.field, [...(added.get(proposal.field) ?? []), value]);
  }
  return { fields: fields.map((field) => ({ key: field.key, values: [...field.values, ...(added.get(field.key) ?? [])] })), refused };
}
