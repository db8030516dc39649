import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents } from "../../db/schema/index";

/** The statements processing a document makes on its row, in the job's transaction (`tx`) or not. */
export const processingRows = {
  /** Marks it processing; undefined when it was deleted since it was queued. */
  async start(tx: Database, documentId: string): Promise<{ userId: string } | undefined> {
    const [row] = await tx.update(documents).set({ status: "processing" }).where(eq(documents.id, documentId)).returning({ userId: documents.userId });
    return row;
  },

  async requeue(tx: Database, documentId: string): Promise<void> {
    await tx.update(documents).set({ status: "queued" }).where(eq(documents.id, documentId));
  },

  /** Writes how processing ended; false when the document is gone. */
  async end(tx: Database, documentId: string, outcome: { status: "completed" | "failed"; failureReason: string }): Promise<boolean> {
    const rows = await tx.update(documents).set(outcome).where(eq(documents.id, documentId)).returning({ id: documents.id });
    return rows.length > 0;
  },

  /** Whose document it is and which passages it now has, for the reactions to its processing. */
  async processed(tx: Database, documentId: string) {
    const [row] = await tx.select({ userId: documents.userId, passagesVersion: documents.passagesVersion }).from(documents).where(eq(documents.id, documentId));
    return row;
  },

  /** What is announced and recorded once processing ended. */
  async ended(db: Database, documentId: string) {
    const [row] = await db
      .select({ id: documents.id, userId: documents.userId, filename: documents.filename, pageCount: documents.pageCount })
      .from(documents)
      .where(eq(documents.id, documentId));
    return row;
  },
};
