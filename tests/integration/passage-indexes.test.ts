import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPassageIndexes, type SearchableDocument } from "../../src/server/modules/retrieval/passage-indexes";
import { createRetrievalRepo, type RetrievalRepo } from "../../src/server/modules/retrieval/retrieval.repo";
import { createRetrieval } from "../../src/server/modules/retrieval/retrieval";
import { createClauseModelSource } from "../../src/server/adapters/clause-model/clause-model-file";
import { signedUpClient } from "../support/accounts";
import { searchableDocument } from "../support/documents/owned-document";
import { processedDocument } from "../support/documents/processing";
import { buildPdf } from "../support/documents/test-fixtures";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let first: SearchableDocument;
let second: SearchableDocument;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  const page = (text: string) => ({
    lines: [
      { text: "1. TERM", x: 72, y: 730 },
      { text, x: 72, y: 710 },
    ],
  });
  const a = await processedDocument(testApp, owner, "First.pdf", buildPdf([page("This Agreement lasts one year and renews each year.")]));
  const b = await processedDocument(testApp, owner, "Second.pdf", buildPdf([page("Either party may terminate on ninety days notice.")]));
  first = await searchableDocument(testApp, owner, a.id);
  second = await searchableDocument(testApp, owner, b.id);
}, 60_000);
afterAll(() => testApp.close());

/** The app's retrieval repository, noting what it is asked to read; a read of passages fails while `failing` is set, as when the database is away. */
function countingRepo() {
  const repo = createRetrievalRepo(testApp.container.db);
  const passageReads: string[] = [];
  const readingReads: string[] = [];
  const phraseQueryReads: string[][] = [];
  const state = { failing: false, phraseQueriesWait: Promise.resolve() };
  const counted: RetrievalRepo = {
    ...repo,
    listIndexedPassages: (documentId) => {
      passageReads.push(documentId);
      return state.failing ? Promise.reject(new Error("connection terminated")) : repo.listIndexedPassages(documentId);
    },
    findKindReading: (documentId, passagesVersion, readBy) => {
      readingReads.push(documentId);
      return repo.findKindReading(documentId, passagesVersion, readBy);
    },
    listPhraseQueries: async (texts) => {
      phraseQueryReads.push([...texts]);
      await state.phraseQueriesWait;
      return repo.listPhraseQueries(texts);
    },
  };
  return { repo: counted, passageReads, readingReads, phraseQueryReads, state };
}

describe("passage indexes", () => {
  it("reads a document's passages once per version, however many questions ask at once", async () => {
    const { repo, passageReads } = countingRepo();
    const indexes = createPassageIndexes(repo);
    const [one, two] = await Promise.all([indexes.indexOf(first), indexes.indexOf(first)]);
    expect(one).toBe(two);
    expect(await indexes.indexOf(first)).toBe(one);
    expect(one.passages.map((passage) => passage.text).join(" ")).toContain("renews each year");
    expect(passageReads).toEqual([first.id]);

    // Processed again: its passages version moved, so its passages are read again.
    const newer = await indexes.indexOf({ ...first, passagesVersion: first.passagesVersion + 1 });
    expect(newer).not.toBe(one);
    expect(await indexes.indexOf({ ...first, passagesVersion: first.passagesVersion + 1 })).toBe(newer);
    expect(passageReads).toEqual([first.id, first.id]);
    // An index answers only its own version: a question carrying another has the passages read for it.
    expect(await indexes.indexOf(first)).not.toBe(newer);
    expect(passageReads).toEqual([first.id, first.id, first.id]);
  });

  it("keeps a document's index when it is renamed: its passages are the same", async () => {
    const { repo, passageReads } = countingRepo();
    const indexes = createPassageIndexes(repo);
    const before = await indexes.indexOf(await searchableDocument(testApp, owner, second.id));
    expect((await owner.request(`/api/documents/${second.id}`, { method: "PATCH", json: { filename: "Renamed.pdf" } })).status).toBe(200);
    const renamed = await searchableDocument(testApp, owner, second.id);
    expect(renamed.passagesVersion).toBe(second.passagesVersion);
    expect(await indexes.indexOf(renamed)).toBe(before);
    expect(passageReads).toEqual([second.id]);
  });

  it("lets the least recently asked document go past its limit, keeping the newest", async () => {
    const { repo, passageReads } = countingRepo();
    const charactersOf = async (document: SearchableDocument) =>
      (await repo.listIndexedPassages(document.id)).reduce((total, row) => total + row.text.length + row.search.length, 0);
    // Room for either document, not both.
    const indexes = createPassageIndexes(repo, { characters: Math.max(await charactersOf(first), await charactersOf(second)), queries: 100 });
    passageReads.length = 0;
    await indexes.indexOf(first);
    const kept = await indexes.indexOf(second);
    expect(await indexes.indexOf(second)).toBe(kept);
    await indexes.indexOf(first);
    expect(passageReads).toEqual([first.id, second.id, first.id]);
  });

  it("does not remember a read that failed: the next question tries again", async () => {
    const { repo, passageReads, state } = countingRepo();
    const indexes = createPassageIndexes(repo);
    state.failing = true;
    await expect(indexes.indexOf(first)).rejects.toThrow("connection terminated");
    state.failing = false;
    expect((await indexes.indexOf(first)).passages.length).toBeGreaterThan(0);
    expect(passageReads).toEqual([first.id, first.id]);
  });

  it("asks the database for a phrase's query once, and lets the oldest go past its limit", async () => {
    const { repo, phraseQueryReads } = countingRepo();
    const indexes = createPassageIndexes(repo, { characters: 1_000_000, queries: 3 });
    const queries = await indexes.phraseQueriesOf(["terminate", "notice period", "for the"]);
    expect([...queries]).toEqual([
      ["terminate", { lexemes: ["termin"], distances: [] }],
      ["notice period", { lexemes: ["notic", "period"], distances: [1] }],
      ["for the", null],
    ]);
    expect((await indexes.phraseQueriesOf(["notice period", "renewal"])).get("renewal")).toEqual({ lexemes: ["renew"], distances: [] });
    await indexes.phraseQueriesOf(["notice period", "renewal", "terminate"]);
    expect(phraseQueryReads).toEqual([["terminate", "notice period", "for the"], ["renewal"], ["terminate"]]);
  });

  it("reads a prepared document's passages and model reading before its first question, which reads neither again", async () => {
    const { repo, passageReads, readingReads } = countingRepo();
    const retrieval = createRetrieval({ repo, clauseModel: createClauseModelSource() });
    await retrieval.prepare(second);
    expect(passageReads).toEqual([second.id]);
    expect(readingReads).toEqual([second.id]);
    const { passages } = await retrieval.search(second, "Can either party terminate without cause on notice?");
    expect(passages[0]?.text).toContain("ninety days notice");
    expect(passageReads).toEqual([second.id]);
    expect(readingReads).toEqual([second.id]);
  });

  it("keeps what it knew when a question began, though another pushes it out meanwhile", async () => {
    const { repo, state } = countingRepo();
    const indexes = createPassageIndexes(repo, { characters: 1_000_000, queries: 2 });
    await indexes.phraseQueriesOf(["terminate"]);
    let release = () => {};
    state.phraseQueriesWait = new Promise((resolve) => (release = resolve));
    const waiting = indexes.phraseQueriesOf(["terminate", "renewal"]);
    state.phraseQueriesWait = Promise.resolve();
    await indexes.phraseQueriesOf(["notice period", "claim", "fee"]);
    release();
    expect((await waiting).get("terminate")).toEqual({ lexemes: ["termin"], distances: [] });
  });
});
