import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { writeSampleAgreementPdf } from "./sample-agreement";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("writeSampleAgreementPdf", () => {
  it("writes the same PDF every time, so a library's duplicate check knows the sample", async () => {
    const [first, second] = await Promise.all([writeSampleAgreementPdf(), writeSampleAgreementPdf()]);
    expect(Buffer.from(first.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(sha256(first)).toBe(sha256(second));
  });
});
