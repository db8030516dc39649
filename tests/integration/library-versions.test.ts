import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import {
  contractDetails,
  documentChunks,
  documents,
  factSheets,
  factValueReviews,
  jobs,
  libraryVersions,
  organizationMembers,
  users,
} from "../../src/server/db/schema/index";
import { processDocumentJob } from "../../src/server/modules/documents/documents.jobs";
import { createDocumentsRepo } from "../../src/server/modules/documents/documents.repo";
import { createPortfolioRepo, type ContractScope, type PortfolioRepo } from "../../src/server/modules/portfolio/portfolio.repo";
import { insertDocumentRecords } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The library list and the portfolio are kept per process while their version holds (ADR 033).
// The version is counted at commit by triggers (migration 0026), so every write that changes what
// they show must move it, whoever makes the write, and a write that changes nothing shown need not.

let handle: TestDatabase;
let db: Database;
let repo: PortfolioRepo;
let documentsRepo: ReturnType<typeof createDocumentsRepo>;
let organizationId: string;

async function insertPerson(name: string): Promise<string> {
  const id = `listing-${randomUUID()}`;
  await db.insert(users).values({ id, name, email: `${id}@clinic.example`, emailVerified: true });
  return id;
}

async function join(userId: string): Promise<void> {
  await db.insert(organizationMembers).values({ organizationId, userId, role: "org_user", joinedAsEmail: `${userId}@clinic.example` });
}

async function completedDocumentWithSheet(userId: string): Promise<string> {
  const [documentId] = await insertDocumentRecords(db, [{ userId, filename: "Payer agreement.pdf", passages: 1 }]);
  await db.insert(factSheets).values({ documentId: documentId!, status: "ready", builtAt: new Date() });
  return documentId!;
}

const review = (documentId: string) => ({
  documentId,
  field: "governing_law" as const,
  targetKey: "governing_law:0",
  kind: "confirmed" as const,
  readValue: "Ohio",
  readProductLine: "all" as const,
  readPage: 1,
  readQuote: "governed by the laws of Ohio",
  userId: null,
});

const own = (userId: string): ContractScope => ({ kind: "own", userId });
const organization = (): ContractScope => ({ kind: "organization", organizationId });

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  repo = createPortfolioRepo(db);
  documentsRepo = createDocumentsRepo(db, { enqueue: () => Promise.reject(new Error("nothing is queued here")) });
  organizationId = randomUUID();
  await db.execute(sql`insert into organizations (id, name, status) values (${organizationId}, 'Listing versions practice', 'enterprise')`);
});
afterAll(() => handle.release());

/** The three versions a person's writes can move: their library's, their portfolio's, their organization's portfolio's. */
const versionsOf = async (owner: string) => [
  await documentsRepo.forUser({ userId: owner }).findLibraryVersion(),
  await repo.findListingVersion(own(owner)),
  await repo.findListingVersion(organization()),
];

describe("a library's version moves with every write to what the library and portfolio show", () => {
  it.each<[string, (owner: string, documentId: string) => Promise<unknown>]>([
    ["a document renamed", (_, id) => db.update(documents).set({ filename: "Renamed agreement.pdf" }).where(eq(documents.id, id))],
    ["a document's status", (_, id) => db.update(documents).set({ status: "processing" }).where(eq(documents.id, id))],
    ["a document deleted", (_, id) => db.delete(documents).where(eq(documents.id, id))],
    ["a new document", (owner) => insertDocumentRecords(db, [{ userId: owner, filename: "Another agreement.pdf" }])],
    [
      "the fact sheet rebuilt",
      (_, id) =>
        db
          .update(factSheets)
          .set({ updatedAt: sql`now() + interval '1 second'` })
          .where(eq(factSheets.documentId, id)),
    ],
    ["the fact sheet deleted", (_, id) => db.delete(factSheets).where(eq(factSheets.documentId, id))],
    ["a value confirmed", (_, id) => db.insert(factValueReviews).values(review(id))],
    ["the payer corrected", (owner, id) => db.insert(contractDetails).values({ documentId: id, payer: "Lakeside Health Plan", updatedBy: owner })],
    ["the owner renamed", (owner) => db.update(users).set({ name: "Renamed Person" }).where(eq(users.id, owner))],
    ["a document's page count", (_, id) => db.update(documents).set({ pageCount: 12 }).where(eq(documents.id, id))],
    ["its processing job queued", (_, id) => db.insert(jobs).values({ type: processDocumentJob.name, payload: { document_id: id }, singletonKey: id })],
    [
      "several writes in one transaction",
      (owner, id) =>
        db.transaction(async (tx) => {
          await tx.update(documents).set({ status: "processing" }).where(eq(documents.id, id));
          await tx.insert(contractDetails).values({ documentId: id, payer: "Lakeside Health Plan", updatedBy: owner });
        }),
    ],
  ])("%s", async (_, write) => {
    const owner = await insertPerson("Listing Owner");
    await join(owner);
    const documentId = await completedDocumentWithSheet(owner);
    const before = await versionsOf(owner);
    await write(owner, documentId);
    const after = await versionsOf(owner);
    after.forEach((version, index) => expect(version).not.toBe(before[index]));
  });

  it("a review undone moves it, and a write to what is not listed does not", async () => {
    const owner = await insertPerson("Listing Owner");
    const documentId = await completedDocumentWithSheet(owner);
    const [reviewed] = await db.insert(factValueReviews).values(review(documentId)).returning({ id: factValueReviews.id });
    const beforeUndo = await repo.findListingVersion(own(owner));
    await db.delete(factValueReviews).where(eq(factValueReviews.id, reviewed!.id));
    const afterUndo = await repo.findListingVersion(own(owner));
    expect(afterUndo).not.toBe(beforeUndo);
    await db.update(documentChunks).set({ text: "Claims are filed within 90 days." }).where(eq(documentChunks.documentId, documentId));
    await db.update(users).set({ name: "Listing Owner" }).where(eq(users.id, owner));
    expect(await repo.findListingVersion(own(owner))).toBe(afterUndo);
  });

  it("a processing job's progress moves it, and another kind of job does not", async () => {
    const owner = await insertPerson("Listing Owner");
    const documentId = await completedDocumentWithSheet(owner);
    const [job] = await db
      .insert(jobs)
      .values({ type: processDocumentJob.name, payload: { document_id: documentId }, singletonKey: documentId })
      .returning();
    const queued = await versionsOf(owner);
    await db.update(jobs).set({ progressDone: 3, progressTotal: 9 }).where(eq(jobs.id, job!.id));
    const progressed = await versionsOf(owner);
    expect(progressed[0]).not.toBe(queued[0]);
    await db.insert(jobs).values({ type: "email.send", payload: { to: "someone@clinic.example" }, singletonKey: documentId });
    expect(await versionsOf(owner)).toEqual(progressed);
  });

  it("an organization's moves when a member joins or leaves, and not for an outsider's writes", async () => {
    const insider = await insertPerson("Insider");
    await join(insider);
    const outsider = await insertPerson("Outsider");
    const versions = [await repo.findListingVersion(organization())];
    await completedDocumentWithSheet(outsider);
    versions.push(await repo.findListingVersion(organization()));
    expect(versions[1]).toBe(versions[0]);
    const newcomer = await insertPerson("Newcomer");
    await join(newcomer);
    versions.push(await repo.findListingVersion(organization()));
    await db.update(organizationMembers).set({ status: "inactive" }).where(eq(organizationMembers.userId, insider));
    versions.push(await repo.findListingVersion(organization()));
    expect(new Set(versions.slice(1)).size).toBe(3);
  });

  it("a closed account takes its documents and its count with it", async () => {
    const owner = await insertPerson("Leaving Owner");
    await join(owner);
    const documentId = await completedDocumentWithSheet(owner);
    await db.insert(factValueReviews).values(review(documentId));
    await db.insert(contractDetails).values({ documentId, payer: "Lakeside Health Plan", updatedBy: owner });
    expect(await repo.findListingVersion(own(owner))).not.toBe("0");
    await db.delete(users).where(eq(users.id, owner));
    expect(await db.select().from(libraryVersions).where(eq(libraryVersions.userId, owner))).toEqual([]);
    expect(await db.select().from(documents).where(eq(documents.id, documentId))).toEqual([]);
  });
});
