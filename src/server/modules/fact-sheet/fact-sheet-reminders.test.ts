import { describe, expect, it } from "vitest";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { reminderEmail, remindOnFor, secondsUntilReminder } from "./fact-sheet-reminders";

describe("remindOnFor: the day a reminder goes, counted back in calendar days", () => {
  it.each([
    ["2026-12-31", 30, "2026-12-01"],
    ["2026-03-01", 1, "2026-02-28"],
    ["2028-03-01", 1, "2028-02-29"],
    ["2027-01-05", 10, "2026-12-26"],
    ["2026-06-15", 0, "2026-06-15"],
  ])("%s less %i days → %s", (deadline, daysBefore, expected) => {
    expect(remindOnFor(deadline, daysBefore)).toBe(expected);
  });
});

describe("secondsUntilReminder: until 13:00 UTC on its day, or at once when that has passed", () => {
  it.each([
    ["2026-12-01", "2026-11-30T13:00:00Z", 86_400],
    ["2026-12-01", "2026-12-01T12:59:00Z", 60],
    ["2026-12-01", "2026-12-01T14:00:00Z", 0],
    ["2026-11-01", "2026-12-01T00:00:00Z", 0],
  ])("%s from %s → %i s", (remindOn, now, expected) => {
    expect(secondsUntilReminder(remindOn, new Date(now))).toBe(expected);
  });
});

describe("reminderEmail", () => {
  const message = reminderEmail({
    to: "manager@practice.example",
    reminder: {
      id: "r",
      documentId: "d",
      field: "non_renewal_notice",
      label: "Last day to send a notice of non-renewal <b>",
      deadline: "2027-02-01",
      remindOn: "2027-01-02",
      sentAt: null,
    },
    documentName: "Evergreen Agreement.pdf",
    factSheetUrl: "https://app.example/app/documents/d/fact-sheet",
    site: testSiteConfig(),
  });

  it("says what falls due, when, for which contract, with a link to its fact sheet", () => {
    expect(message.subject).toBe("Reminder: Last day to send a notice of non-renewal <b> on February 1, 2027");
    expect(message.text).toContain("Contract: Evergreen Agreement.pdf");
    expect(message.text).toContain("https://app.example/app/documents/d/fact-sheet");
  });

  it("escapes what the person typed in the HTML part", () => {
    expect(message.html).toContain("non-renewal &lt;b&gt;");
    expect(message.html).not.toContain("<b>");
  });
});
