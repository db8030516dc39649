import { describe, expect, it } from "vitest";
import { supportRequestEmail, type SupportEmailFacts } from "./support-emails";

const facts: SupportEmailFacts = {
  requestId: "7a000000-0000-4000-8000-000000000001",
  kind: "feedback",
  categoryLabel: "Chat quality",
  message: "The answer missed clause 4.\nPlease check.",
  contactEmail: "pat@clinic.example",
  account: { userId: "user-1", email: "pat.doe@clinic.example" },
  pageUrl: "https://app.clausewise.example/app/chat?session=abc&x=1",
  receivedAt: new Date("2026-11-20T15:00:00.000Z"),
};

const email = (change: Partial<SupportEmailFacts> = {}) => supportRequestEmail({ ...facts, ...change }, "support@clausewise.example", "Clausewise");

describe("the email the support inbox receives", () => {
  it("goes to the support address, says what it is and who sent it, and carries every fact in its text", () => {
    const message = email();
    expect(message.to).toBe("support@clausewise.example");
    expect(message.subject).toBe("Feedback: Chat quality from pat.doe@clinic.example · Clausewise");
    expect(message.text).toBe(
      [
        "Feedback: Chat quality",
        "",
        "The answer missed clause 4.",
        "Please check.",
        "",
        "Category: Chat quality",
        "Contact email: pat@clinic.example",
        "Account: pat.doe@clinic.example",
        "User id: user-1",
        "Page: https://app.clausewise.example/app/chat?session=abc&x=1",
        "Request: 7a000000-0000-4000-8000-000000000001",
        "Received: 2026-11-20T15:00:00.000Z",
      ].join("\n"),
    );
  });

  it.each([
    ["a help request", { kind: "help", categoryLabel: "Billing & credits" }, "Support request: Billing & credits"],
    ["a problem report", { kind: "problem_report", categoryLabel: "Chat answer" }, "Problem report: Chat answer"],
  ] as const)("names %s in its subject and heading", (_case, change, heading) => {
    const message = email(change);
    expect(message.subject).toBe(`${heading} from pat.doe@clinic.example · Clausewise`);
    expect(message.text.split("\n")[0]).toBe(heading);
  });

  it("says when no contact email was given, and names a problem report's conversation, answer and document", () => {
    const answer = { sessionId: "s-1", messageId: "m-1", documentId: "d-1" };
    const text = email({ kind: "problem_report", contactEmail: null, answer }).text;
    expect(text).toContain("Contact email: None given");
    expect(text).toContain("Conversation: s-1\nAnswer: m-1\nDocument: d-1\n");
  });

  it.each([
    ["a script", "<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"],
    ["a link", '<a href="https://phish.example">Reset</a>', "&lt;a href=&quot;https://phish.example&quot;&gt;Reset&lt;/a&gt;"],
    ["an entity", "Fee &amp; schedule", "Fee &amp;amp; schedule"],
  ])("shows %s typed in the message as text in the HTML part, and verbatim in the text part", (_case, typed, escaped) => {
    const message = email({ message: typed });
    expect(message.html).toContain(escaped);
    expect(message.html).not.toContain(typed);
    expect(message.text).toContain(typed);
  });

  it("escapes the page address it links to", () => {
    expect(email().html).toContain('<a href="https://app.clausewise.example/app/chat?session=abc&amp;x=1">');
  });
});
