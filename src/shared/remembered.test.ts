import { expect, it } from "vitest";
import { remembered, rememberedByText } from "./remembered";

it("computes a key once, and lets the least recently used go past its limit", () => {
  const computed: string[] = [];
  const upper = remembered("test.upper", 2, (word: string) => {
    computed.push(word);
    return word.toUpperCase();
  });
  expect([upper("a"), upper("b"), upper("a")]).toEqual(["A", "B", "A"]);
  expect(computed).toEqual(["a", "b"]);
  upper("c");
  upper("a");
  upper("b");
  expect(computed).toEqual(["a", "b", "c", "b"]);
});

it("keys on what the result depends on", () => {
  const joined = remembered(
    "test.joined",
    10,
    (text: string, parts: readonly string[]) => `${parts.join("+")}:${text}`,
    (text, parts) => `${parts.join(",")}|${text}`,
  );
  expect(joined("x", ["1"])).toBe("1:x");
  expect(joined("x", ["2"])).toBe("2:x");
});

it("remembers an undefined result too, and hands out results frozen", () => {
  let calls = 0;
  const nothing = remembered("test.nothing", 5, (_key: string) => void calls++);
  nothing("a");
  nothing("a");
  expect(calls).toBe(1);
  const words = remembered("test.words", 5, (text: string) => ({ words: text.split(" ") }));
  expect(Object.isFrozen(words("a b").words)).toBe(true);
});

it("remembers by a text and then by a detail's key, each pair computed once, the texts bounded", () => {
  const computed: string[] = [];
  const labelled = rememberedByText(
    "test.labelled",
    2,
    (text: string, labels: readonly string[]) => {
      computed.push(`${labels.join(",")}|${text}`);
      return { label: `${labels.join("+")}:${text}` };
    },
    (labels) => labels.join(","),
  );
  expect([labelled("x", ["1"]), labelled("x", ["2"]), labelled("x", ["1"])].map((value) => value.label)).toEqual(["1:x", "2:x", "1:x"]);
  expect(computed).toEqual(["1|x", "2|x"]);
  expect(Object.isFrozen(labelled("x", ["1"]))).toBe(true);
  labelled("y", ["1"]);
  labelled("z", ["1"]);
  labelled("x", ["1"]);
  expect(computed).toEqual(["1|x", "2|x", "1|y", "1|z", "1|x"]);
});
