import { describe, expect, it } from "vitest";
import { check } from "./check";
import { feedbackRequestSchema, helpRequestSchema, problemReportRequestSchema, SUPPORT_MESSAGE_MAX_CHARS } from "./support";

const feedback = { category: "chat_quality", message: "The answer missed clause 4.", contactEmail: "", path: "/app/chat?session=1" };
const sessionId = "5e55e000-0000-4000-8000-000000000001";
const messageId = "5e55e000-0000-4000-8000-000000000002";

describe("feedback", () => {
  it.each([
    ["a message in a category", {}, { ok: true }],
    ["no contact email at all", { contactEmail: undefined }, { ok: true }],
    ["a null contact email", { contactEmail: null }, { ok: true }],
    ["a message at the limit", { message: "x".repeat(SUPPORT_MESSAGE_MAX_CHARS) }, { ok: true }],
    ["HTML in the message (kept as text)", { message: "<script>alert(1)</script>" }, { ok: true }],
    ["an empty message", { message: "" }, { ok: false, problem: "Please share a bit about your feedback." }],
    ["a message of spaces and newlines", { message: "  \n\t " }, { ok: false, problem: "Please share a bit about your feedback." }],
    ["no message", { message: undefined }, { ok: false, problem: "Please share a bit about your feedback." }],
    ["a message over the limit", { message: "x".repeat(SUPPORT_MESSAGE_MAX_CHARS + 1) }, { ok: false, problem: "Messages can be at most 5,000 characters." }],
    ["an unknown category", { category: "praise" }, { ok: false, problem: "Choose a category." }],
    ["a Support category", { category: "document_upload" }, { ok: false, problem: "Choose a category." }],
    ["a contact email without a domain", { contactEmail: "pat@clinic" }, { ok: false, problem: "Please enter a valid email address." }],
    ["a contact email with words", { contactEmail: "call me maybe" }, { ok: false, problem: "Please enter a valid email address." }],
    [
      "a contact email carrying a header",
      { contactEmail: "pat@clinic.example\r\nBcc: all@clinic.example" },
      { ok: false, problem: "Please enter a valid email address." },
    ],
    ["a contact email with markup", { contactEmail: "<b>pat</b>@clinic.example" }, { ok: false, problem: "Please enter a valid email address." }],
    [
      "a contact email over 254 characters",
      { contactEmail: `${"a".repeat(64)}@${"b".repeat(190)}.example` },
      { ok: false, problem: "Please enter a valid email address." },
    ],
    ["a contact email that is not text", { contactEmail: 42 }, { ok: false, problem: "Please enter a valid email address." }],
    ["no page", { path: undefined }, { ok: false, problem: "Say which page this is about." }],
    ["a page on another site", { path: "https://elsewhere.example/app" }, { ok: false, problem: "Say which page this is about." }],
    ["a protocol-relative page", { path: "//elsewhere.example/app" }, { ok: false, problem: "Say which page this is about." }],
    ["a backslashed page", { path: "/\\elsewhere.example" }, { ok: false, problem: "Say which page this is about." }],
    ["a page with a space", { path: "/app/chat?q=a b" }, { ok: false, problem: "Say which page this is about." }],
    [
      "a page address over 2,000 characters",
      { path: `/app?q=${"x".repeat(2000)}` },
      { ok: false, problem: "The page address can be at most 2,000 characters." },
    ],
  ])("%s", (_case, change, expected) => {
    const checked = check(feedbackRequestSchema, { ...feedback, ...change });
    expect(checked.ok ? { ok: true } : checked).toEqual(expected);
  });

  it("trims the message and the contact email, and sends an empty contact email as none", () => {
    expect(check(feedbackRequestSchema, { ...feedback, message: "  Great  ", contactEmail: "  pat@clinic.example " })).toEqual({
      ok: true,
      value: { ...feedback, message: "Great", contactEmail: "pat@clinic.example" },
    });
    expect(check(feedbackRequestSchema, { ...feedback, contactEmail: "   " })).toMatchObject({ ok: true, value: { contactEmail: null } });
  });
});

describe("Support / Help", () => {
  const help = { ...feedback, category: "billing_credits", contactEmail: "pat@clinic.example" };

  it.each([
    ["a message in a category", {}, { ok: true }],
    ["an empty message", { message: " " }, { ok: false, problem: "Please tell us what you need help with." }],
    ["a feedback category", { category: "idea" }, { ok: false, problem: "Choose a category." }],
    ["a malformed contact email", { contactEmail: "pat@@clinic.example" }, { ok: false, problem: "Please enter a valid email address." }],
  ])("%s", (_case, change, expected) => {
    const checked = check(helpRequestSchema, { ...help, ...change });
    expect(checked.ok ? { ok: true } : checked).toEqual(expected);
  });
});

describe("problem report", () => {
  const report = { sessionId, messageId, message: "The citation is on page 3, not 2.", path: `/app/chat?session=${sessionId}` };

  it.each([
    ["a message about one answer", {}, { ok: true }],
    ["an empty message", { message: "" }, { ok: false, problem: "Please describe the problem." }],
    ["a session that is not an id", { sessionId: "1 or 1=1" }, { ok: false, problem: "This answer was not found." }],
    ["no answer", { messageId: undefined }, { ok: false, problem: "This answer was not found." }],
  ])("%s", (_case, change, expected) => {
    const checked = check(problemReportRequestSchema, { ...report, ...change });
    expect(checked.ok ? { ok: true } : checked).toEqual(expected);
  });
});
