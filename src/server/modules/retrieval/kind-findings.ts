import type { ClauseModel } from "../../../core/rag/clause-model";
import { bestSentencesForKind, readForModel, type ModelReading } from "../../../core/rag/kind-evidence";
import type { PassageIndex } from "../../../core/rag/passage-index";
import type { KindFindings } from "../../../core/rag/reply";

/**
 * The clause-kind model's reading of each document asked about, kept with that document's passage
 * index (and let go with it): a document's sentences are read for the model once per version, and
 * their scores for a kind once per kind.
 */
export function createKindFindings(clauseModel: () => Promise<ClauseModel>) {
  const readings = new WeakMap<PassageIndex, { reading: ModelReading; byKind: Map<string, KindFindings> }>();
  return async function findingsFor(index: PassageIndex, kind: string): Promise<KindFindings | undefined> {
    const model = await clauseModel();
    const thresholds = model.thresholdsOf(kind);
    if (!thresholds) return undefined;
    let entry = readings.get(index);
    if (!entry) {
      entry = { reading: readForModel(model, index.passages), byKind: new Map() };
      readings.set(index, entry);
    }
    let findings = entry.byKind.get(kind);
    if (!findings) {
      findings = { sentences: bestSentencesForKind(model, entry.reading, kind), thresholds };
      entry.byKind.set(kind, findings);
    }
    return findings;
  };
}
