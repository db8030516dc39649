import { analyzeQuery, type AnalyzedQuery } from "../../../core/rag/query-analysis";
import {
  expandNeighbours,
  fuseRankings,
  joinNeighbours,
  keepAmongFirst,
  preferDated,
  openingChunks,
  preferOpening,
  preferAnswering,
  preferOperative,
  respectWordForms,
  selectPassages,
  PASSAGE_LIMIT,
  type RankedChunk,
} from "../../../core/rag/ranking";
import { countTopicMatches, queryTextsOf, rankLexically, type IndexedPassage } from "../../../core/rag/passage-index";
import type { ClauseModelSource } from "../../adapters/clause-model/clause-model-file";
import type { KindFindings } from "../../../core/rag/reply";
import { topicWeights, type TopicCounts } from "../../../core/rag/relevance";
import type { Logger } from "pino";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { OwnedDocumentId } from "../documents/documents.repo";
import { createKindFindings } from "./kind-findings";
import { createPassageIndexes, type SearchableDocument } from "./passage-indexes";
import type { RetrievalRepo } from "./retrieval.repo";

/** How many of the best candidates get the chunks beside them read, to join or to score. */
const NEIGHBOUR_SEEDS = 10;
/** A question waits this long at most for its vector; past it, the answer uses full-text ranking alone. */
const QUERY_EMBEDDING_TIMEOUT_MS = 5000;

export interface RetrievalResult {
  query: AnalyzedQuery;
  /** How often the question's topic occurs in the document: how telling each of its words is. */
  topicCounts: TopicCounts;
  passages: RankedChunk[];
  /** The chunk vector search ranked first, when vectors were compared. */
  nearestInMeaningId?: string;
  /** For a question about a kind of clause the model knows: its best sentences in the whole document. */
  findings?: KindFindings;
  /** The same for the query's alternative kind, when it has one the model knows. */
  alternativeFindings?: KindFindings;
  /** Any passage of the document, by id: the findings' passages, for quoting them. */
  passageOf: (id: string) => IndexedPassage | undefined;
}

/** The passages holding the model's sentences for a kind that score near enough to be shown as closest, best first. */
function findingPassages(findings: KindFindings, passageOf: (id: string) => IndexedPassage | undefined): RankedChunk[] {
  const near = findings.sentences.filter((sentence) => sentence.probability >= findings.thresholds.closest);
  return [...new Set(near.map((sentence) => sentence.passageId))].flatMap((id) => {
    const passage = passageOf(id);
    return passage ? [{ ...passage, score: 0 }] : [];
  });
}

/**
 * Question → the chosen document's best passages: query analysis, full-text ranking fused with
 * vector search when the document has vectors of the configured model, then clause-aware
 * neighbour expansion within the passage budget. The chat and the search endpoint both use exactly this.
 */
export function createRetrieval(deps: { repo: RetrievalRepo; embedder?: Embedder; clauseModel: ClauseModelSource; logger?: Logger }) {
  const { repo, embedder } = deps;
  const indexes = createPassageIndexes(repo);
  const kindFindings = createKindFindings({ repo, clauseModel: deps.clauseModel });

  /** Nearest chunks by meaning; none when embeddings are off, the document has none of this model's, or the service fails. */
  async function rankSemantically(documentId: OwnedDocumentId, text: string) {
    if (!embedder || (await repo.embeddingModelOf(documentId)) !== embedder.id) return [];
    try {
      const [vector] = await embedder.embed([text], AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS));
      return vector ? await repo.rankByVector(documentId, vector) : [];
    } catch (error) {
      deps.logger?.warn({ err: error, documentId }, "question embedding failed; ranking by full text only");
      return [];
    }
  }

  return {
    /**
     * Reads what a question about the document needs, before one is asked: its passage index and
     * the clause-kind model's stored reading of it (on 300 pages about a third of a second that the
     * first question would otherwise wait for). Called when a person opens the document in the chat.
     */
    async prepare(document: SearchableDocument): Promise<void> {
      await kindFindings.prepare(document, await indexes.indexOf(document));
    },

    async search(document: SearchableDocument, question: string, previousQuestions: readonly string[] = []): Promise<RetrievalResult> {
      const query = analyzeQuery(question, previousQuestions);
      const meaning = query.isFollowUp ? [...previousQuestions.slice(-2), question].join("\n") : question;
      const [index, phraseQueries, semantic] = await Promise.all([
        indexes.indexOf(document),
        indexes.phraseQueriesOf(queryTextsOf(query.terms, query.topic)),
        rankSemantically(document.id, meaning),
      ]);
      const lexical = rankLexically(index, query.terms, phraseQueries);
      const topicCounts = countTopicMatches(index, query.topic, phraseQueries);
      const { byId } = index;
      const byWords = respectWordForms(lexical, query.terms, (id) => {
        const chunk = byId.get(id);
        return chunk && `${chunk.headingPath.join(" ")} ${chunk.text}`;
      });
      const scored = semantic.length > 0 ? fuseRankings([byWords, semantic]) : byWords;
      const found = scored.flatMap((row) => {
        const chunk = byId.get(row.id);
        return chunk ? [{ ...chunk, score: row.score }] : [];
      });
      const operative = preferOperative(found, new Set(query.terms.map((term) => term.text.toLowerCase())));
      const ranked = query.asksForDate ? preferDated(operative) : operative;
      const seedOrdinals = ranked.slice(0, NEIGHBOUR_SEEDS).flatMap((chunk) => [chunk.ordinal - 1, chunk.ordinal + 1]);
      const nearby = [...new Set(seedOrdinals)].sort((a, b) => a - b).flatMap((ordinal) => index.byOrdinal.get(ordinal) ?? []);
      const opening = query.isAboutOpening ? openingChunks(index.passages, query.asksForDate) : [];
      const neighbours = [...nearby, ...opening].map((chunk) => ({ ...chunk, score: 0 }));
      const expanded = expandNeighbours(ranked, neighbours);
      const ordered = query.isAboutOpening ? preferOpening(expanded, opening) : expanded;
      const byOrdinal = new Map([...neighbours, ...ranked].map((chunk) => [chunk.ordinal, chunk]));
      const joinedPassages = joinNeighbours(ordered, byOrdinal);
      const answeringFirst = preferAnswering(joinedPassages, query, topicWeights(query.topic, topicCounts));
      const findingsOf = (modelKind: string | undefined) => (modelKind ? kindFindings.findingsFor(document, index, modelKind) : undefined);
      const [findings, alternativeFindings] = await Promise.all([findingsOf(query.kind?.modelKind), findingsOf(query.alternativeKind?.modelKind)]);
      // The model's reading of the kind (and of an unsure route's runner-up, or an unrouted question's likeliest kind)
      // votes with the words' ranking: a passage both find goes first, then each reading's best in turn; the words' best is always shown.
      const foundByKind = [findings, alternativeFindings].flatMap((found) => (found ? [findingPassages(found, (id) => byId.get(id))] : []));
      const fused = keepAmongFirst(fuseRankings([answeringFirst, ...foundByKind]), answeringFirst[0]?.id, PASSAGE_LIMIT);
      return {
        query,
        topicCounts,
        passages: selectPassages(fused),
        nearestInMeaningId: semantic[0]?.id,
        findings,
        alternativeFindings,
        passageOf: (id) => byId.get(id),
      };
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
