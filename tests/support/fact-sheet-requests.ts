import { expect } from "vitest";
import { readyFactSheet } from "./fact-sheets";
import type { HttpClient } from "./http-client";

/** A new reminder `client` sets on the document's filing deadline; its id. */
export async function reminderOn(client: HttpClient, documentId: string): Promise<string> {
  const response = await client.post(`/api/documents/${documentId}/fact-sheet/reminders`, {
    field: "timely_filing",
    label: "Filing deadline",
    deadline: "2099-01-31",
    daysBefore: 7,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reminder: { id: string } }).reminder.id;
}

/** A confirmation of the first value on the document's fact sheet (as `client` reads it), as the web sends it. */
export async function confirmationOfFirstValue(client: HttpClient, documentId: string) {
  const sheet = await readyFactSheet(client, documentId);
  const field = sheet.fields.find((candidate) => candidate.values.length > 0)!;
  const [value] = field.values;
  return {
    kind: "confirmed",
    field: field.key,
    readValue: value!.review?.read.value ?? value!.value,
    chunkId: value!.source.chunkId,
    startOffset: value!.source.startOffset,
  };
}

/** A new review by `client` of the first value on the document's fact sheet; its id. */
export async function reviewOfFirstValue(client: HttpClient, documentId: string): Promise<string> {
  const response = await client.post(`/api/documents/${documentId}/fact-sheet/reviews`, await confirmationOfFirstValue(client, documentId));
  expect(response.status).toBe(201);
  return ((await response.json()) as { review: { id: string } }).review.id;
}
