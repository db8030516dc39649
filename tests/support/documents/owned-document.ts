import { createDocumentsRepo, type OwnedDocumentId } from "../../../src/server/modules/documents/documents.repo";
import type { SearchableDocument } from "../../../src/server/modules/retrieval/passage-indexes";
import type { AppUser } from "../../../src/shared/contracts/me";
import type { HttpClient } from "../http-client";
import type { TestApp } from "../test-app";

/** For tests that call a repository by document id: the id as the ownership check gives it to the document's owner. */
export async function ownedDocumentId(testApp: TestApp, owner: HttpClient, documentId: string): Promise<OwnedDocumentId> {
  return (await searchableDocument(testApp, owner, documentId)).id;
}

/** For tests that search a document directly: the document as the ownership check gives it to retrieval. */
export async function searchableDocument(testApp: TestApp, owner: HttpClient, documentId: string): Promise<SearchableDocument> {
  const { user } = (await (await owner.get("/api/me")).json()) as { user: AppUser };
  const document = await createDocumentsRepo(testApp.container.db, testApp.container.jobs.queue).forUser({ userId: user.id }).find(documentId);
  if (!document) throw new Error(`document ${documentId} is not this client's`);
  return { id: document.id, passagesVersion: document.passagesVersion };
}
