import { describe, expect, it } from "vitest";
import { PermanentJobError, type JobFailure } from "../../jobs/job-type";
import { documentFailureReason, processDocumentPayload } from "./documents.jobs";

const process = processDocumentPayload("doc-1", "start");
const reprocess = processDocumentPayload("doc-1", "reprocess");
const fileError: JobFailure = { kind: "error", error: new PermanentJobError("The PDF is protected by a password."), isPermanent: true };
const ourError: JobFailure = { kind: "error", error: new Error("worker thread died"), isPermanent: false };
const crashed: JobFailure = { kind: "crashed" };

describe("what a failed processing job tells the owner", () => {
  it.each([
    ["a failure of the file", process, fileError, "The PDF is protected by a password."],
    ["a failure of ours", process, ourError, "Processing failed. Please retry; if it keeps failing, contact support."],
    ["a worker that died on every attempt", process, crashed, "Processing stopped unexpectedly several times. Please retry or contact support."],
    ["a failed reprocess of ours", reprocess, ourError, "Please reprocess it again; if it keeps failing, contact support."],
    ["a failed reprocess of the file", reprocess, fileError, "The PDF is protected by a password."],
    [
      "a reprocess whose worker died on every attempt",
      reprocess,
      crashed,
      "It stopped unexpectedly several times. Please reprocess it again or contact support.",
    ],
  ])("after %s", (_, payload, failure, reason) => {
    expect(documentFailureReason(payload, failure)).toBe(reason);
  });
});

describe("processing job payloads", () => {
  it.each([
    ["start", { document_id: "doc-1", retry: false }],
    ["reprocess", { document_id: "doc-1", retry: false, reprocess: true }],
    ["retry", { document_id: "doc-1", retry: true, retried_at: expect.any(String) }],
  ] as const)("%s", (trigger, payload) => {
    expect(processDocumentPayload("doc-1", trigger)).toEqual(payload);
  });
});
