import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const decisionsDirectory = path.resolve(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(decisionsDirectory).filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith("000-"));

describe("decision records", () => {
  it.each(records)("%s opens with its number, a date and a status", (file) => {
    const [title, blank, date, status] = readFileSync(path.join(decisionsDirectory, file), "utf8").split("\n");
    expect(title).toMatch(new RegExp(`^# ${file.slice(0, 3)} — \\S`));
    expect(blank).toBe("");
    expect(date).toMatch(/^- \*\*Date:\*\* \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^- \*\*Status:\*\* (accepted|proposed|superseded by \d{3})\b/);
  });

  it("are numbered once each", () => {
    const numbers = records.map((file) => file.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
