import { expect, it } from "vitest";
import { remembered } from "./remembered";

it("computes a key once, and lets the oldest go past its limit", () => {
  const computed: string[] = [];
  const upper = remembered(2, (word: string) => {
    computed.push(word);
    return word.toUpperCase();
  });
  expect([upper("a"), upper("b"), upper("a")]).toEqual(["A", "B", "A"]);
  expect(computed).toEqual(["a", "b"]);
  upper("c");
  upper("a");
  expect(computed).toEqual(["a", "b", "c", "a"]);
});

it("keys on what the result depends on", () => {
  const joined = remembered(
    10,
    (text: string, parts: readonly string[]) => `${parts.join("+")}:${text}`,
    (text, parts) => `${parts.join(",")}|${text}`,
  );
  expect(joined("x", ["1"])).toBe("1:x");
  expect(joined("x", ["2"])).toBe("2:x");
});
