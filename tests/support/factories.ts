// Data factories: rows made the way the product makes them, without the round trips a test of
// the flow itself needs (signedUpClient signs up and types the emailed code). For the demo
// practice (`npm run db:seed`) and tests that need people or documents in number.
import { randomUUID } from "node:crypto";
import type { Actor } from "../../src/core/access/actor";
import type { Database } from "../../src/server/db/client";
import { documentChunks, documents } from "../../src/server/db/schema/index";
import type { Auth } from "../../src/server/auth/auth";
import type { Membership } from "../../src/server/modules/organizations/organizations.repo";

export interface Person {
  email: string;
  name: string;
  password: string;
}

/** A person who signed up with a password and proved their address, through Better Auth's own sign-up (its hooks run). */
export async function createVerifiedUser(auth: Auth, person: Person): Promise<{ id: string; email: string; name: string; emailVerified: boolean }> {
  const { user } = await auth.api.signUpEmail({ body: { email: person.email, password: person.password, name: person.name } });
  const context = await auth.$context;
  await context.internalAdapter.updateUser(user.id, { emailVerified: true });
  return { id: user.id, email: user.email, name: user.name, emailVerified: true };
}

/** The actor a service call on a member's behalf runs as, outside any request. */
export function actorFor(user: { id: string; email: string }, membership: Membership | undefined, label: string): Actor {
  return {
    userId: user.id,
    email: user.email,
    platformRole: "user",
    organizationId: membership?.organization.id ?? null,
    organizationRole: membership?.member.role === "org_admin" ? "org_admin" : membership ? "org_user" : null,
    signInMethod: null,
    sessionId: null,
    requestId: label,
    ip: "127.0.0.1",
    userAgent: label,
  };
}

/** A document's metadata as the library stores it, without a file: for figures that count documents, not read them. */
export interface DocumentRecord {
  userId: string;
  filename: string;
  status?: string;
  fileSize?: number;
  pageCount?: number | null;
  createdAt?: Date;
  /** How many passages (chunks) it was indexed into. */
  passages?: number;
}

/** Inserts documents (and a few short passages each) in one statement per table. */
export async function insertDocumentRecords(db: Database, records: DocumentRecord[]): Promise<string[]> {
  if (records.length === 0) return [];
  const rows = await db
    .insert(documents)
    .values(
      records.map((record) => ({
        userId: record.userId,
        filename: record.filename,
        kind: "pdf",
        mimeType: "application/pdf",
        fileSize: record.fileSize ?? 100_000,
        sha256: randomUUID(),
        storageKey: `documents/${randomUUID()}`,
        status: record.status ?? "completed",
        pageCount: record.pageCount ?? null,
        ...(record.createdAt ? { createdAt: record.createdAt, updatedAt: record.createdAt } : {}),
      })),
    )
    .returning({ id: documents.id });
  const passages = rows.flatMap(({ id }, index) =>
    Array.from({ length: records[index]!.passages ?? 0 }, (_, ordinal) => ({
      documentId: id,
      ordinal,
      clauseNumbers: [`${ordinal + 1}`],
      heading: `Section ${ordinal + 1}`,
      headingPath: [`Section ${ordinal + 1}`],
      headingText: `Section ${ordinal + 1}`,
      pageStart: 1,
      pageEnd: 1,
      startPage: 1,
      startOffset: 0,
      endPage: 1,
      endOffset: 40,
      text: `Claims must be filed within ${90 + ordinal} days of service.`,
    })),
  );
  if (passages.length > 0) await db.insert(documentChunks).values(passages);
  return rows.map((row) => row.id);
}
