import {
  bestSentencesForKind,
  findingsFromStored,
  kindReaderOf,
  readForModel,
  type ModelReading,
  type StoredKindFindings,
} from "../../../core/rag/kind-evidence";
import type { PassageIndex } from "../../../core/rag/passage-index";
import type { KindFindings } from "../../../core/rag/reply";
import type { ClauseModelSource } from "../../adapters/clause-model/clause-model-file";
import type { SearchableDocument } from "./passage-indexes";
import type { RetrievalRepo } from "./retrieval.repo";

/** What this process knows of one version of a document's reading: the stored one, or its own scores when there is none. */
interface DocumentReading {
  stored: Promise<Record<string, StoredKindFindings> | undefined>;
  scored?: ModelReading;
  byKind: Map<string, KindFindings>;
}

/**
 * The clause-kind model's reading of each document asked about, kept with that document's passage
 * index (and let go with it). The reading is made when the document is processed (ADR 045,
 * `retrieval.read-kinds`) and read here in one row; a document with none of its version and this
 * model's (processed before, or its job still queued) is scored here, once per version.
 */
export function createKindFindings(deps: { repo: Pick<RetrievalRepo, "findKindReading">; clauseModel: ClauseModelSource }) {
  const readings = new WeakMap<PassageIndex, DocumentReading>();

  async function storedReading(document: SearchableDocument): Promise<Record<string, StoredKindFindings> | undefined> {
    const readBy = kindReaderOf({ id: await deps.clauseModel.id() });
    return deps.repo.findKindReading(document.id, document.passagesVersion, readBy);
  }

  async function scoredFindings(entry: DocumentReading, index: PassageIndex, kind: string): Promise<KindFindings | undefined> {
    const model = await deps.clauseModel.model();
    const thresholds = model.thresholdsOf(kind);
    if (!thresholds) return undefined;
    entry.scored ??= readForModel(model, index.passages);
    return { sentences: bestSentencesForKind(model, entry.scored, kind), thresholds };
  }

  /** This process's reading of the document `index` holds, its stored reading asked for the first time it is needed. */
  function readingOf(document: SearchableDocument, index: PassageIndex): DocumentReading {
    const known = readings.get(index);
    if (known) return known;
    const entry: DocumentReading = { stored: storedReading(document), byKind: new Map() };
    readings.set(index, entry);
    // A failed read is not kept: this question scores the document itself, the next looks again.
    entry.stored.catch(() => readings.delete(index));
    return entry;
  }

  /** The kind's best sentences in the document `index` holds; undefined for a kind the model does not know. */
  async function findingsFor(document: SearchableDocument, index: PassageIndex, kind: string): Promise<KindFindings | undefined> {
    const entry = readingOf(document, index);
    const known = entry.byKind.get(kind);
    if (known) return known;
    const stored = await entry.stored.catch(() => undefined);
    const kindStored = stored?.[kind];
    const findings = stored
      ? kindStored && { sentences: findingsFromStored(kindStored, (id) => index.byId.get(id)), thresholds: kindStored.thresholds }
      : await scoredFindings(entry, index, kind);
    if (findings) entry.byKind.set(kind, findings);
    return findings;
  }

  return {
    /** Reads the document's stored reading ahead of its first question (a failed read is tried again by that question). */
    async prepare(document: SearchableDocument, index: PassageIndex): Promise<void> {
      await readingOf(document, index).stored.catch(() => undefined);
    },
    findingsFor,
  };
}
