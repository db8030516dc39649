import { describe, expect, it } from "vitest";
import { createProcessCache, freezeData, type CacheBounds } from "./process-cache";

type Step = ["set", string, number, number?] | ["get", string] | ["tick", number] | ["delete", string];

/** Runs `steps` on a cache of `bounds` (weights are the values themselves); answers what each get gave and what remains, oldest first. */
function run(bounds: Omit<CacheBounds<string, number>, "now" | "weightOf">, steps: Step[]) {
  let clock = 0;
  const cache = createProcessCache<string, number>("test.table", { ...bounds, weightOf: (value) => value, now: () => clock });
  const got: (number | undefined)[] = [];
  for (const step of steps) {
    if (step[0] === "set") cache.set(step[1], step[2], step[3] === undefined ? undefined : { ttlMs: step[3] });
    else if (step[0] === "get") got.push(cache.get(step[1]));
    else if (step[0] === "tick") clock += step[1];
    else cache.delete(step[1]);
  }
  const remaining: string[] = [];
  cache.deleteWhere((_value, key) => {
    remaining.push(key);
    return false;
  });
  return { got, remaining, size: cache.size, weight: cache.weight };
}

describe("a process cache", () => {
  it.each<[string, Omit<CacheBounds<string, number>, "now" | "weightOf">, Step[], ReturnType<typeof run>]>([
    [
      "answers what it keeps",
      { maxEntries: 3 },
      [
        ["set", "a", 1],
        ["get", "a"],
        ["get", "b"],
      ],
      { got: [1, undefined], remaining: ["a"], size: 1, weight: 1 },
    ],
    [
      "past its count, lets the least recently used go",
      { maxEntries: 2 },
      [
        ["set", "a", 1],
        ["set", "b", 2],
        ["get", "a"],
        ["set", "c", 3],
        ["get", "b"],
      ],
      { got: [1, undefined], remaining: ["a", "c"], size: 2, weight: 4 },
    ],
    [
      "keeps its order of use through uses, deletions and replacements in the middle and at both ends",
      { maxEntries: 4 },
      [
        ["set", "a", 1],
        ["set", "b", 2],
        ["set", "c", 3],
        ["set", "d", 4],
        ["get", "b"],
        ["delete", "a"],
        ["delete", "b"],
        ["set", "c", 5],
        ["set", "e", 6],
        ["set", "f", 7],
        ["get", "d"],
        ["set", "g", 8],
      ],
      { got: [2, 4], remaining: ["e", "f", "d", "g"], size: 4, weight: 25 },
    ],
    [
      "past its weight, lets as many of the least recently used go as it takes",
      { maxEntries: 10, maxWeight: 10 },
      [
        ["set", "a", 4],
        ["set", "b", 4],
        ["set", "c", 2],
        ["set", "d", 7],
      ],
      { got: [], remaining: ["c", "d"], size: 2, weight: 9 },
    ],
    [
      "keeps nothing heavier than its whole weight, and lets the old value of that key go",
      { maxEntries: 10, maxWeight: 10 },
      [
        ["set", "a", 4],
        ["set", "a", 11],
        ["get", "a"],
      ],
      { got: [undefined], remaining: [], size: 0, weight: 0 },
    ],
    [
      "a new value for a key replaces the old one and its weight",
      { maxEntries: 10, maxWeight: 10 },
      [
        ["set", "a", 4],
        ["set", "b", 3],
        ["set", "a", 6],
        ["get", "a"],
      ],
      { got: [6], remaining: ["b", "a"], size: 2, weight: 9 },
    ],
    [
      "answers an entry only within its time to live",
      { maxEntries: 10, ttlMs: 100 },
      [
        ["set", "a", 1],
        ["tick", 99],
        ["get", "a"],
        ["tick", 1],
        ["get", "a"],
      ],
      { got: [1, undefined], remaining: [], size: 0, weight: 0 },
    ],
    [
      "an entry's own time to live overrides the cache's",
      { maxEntries: 10, ttlMs: 100 },
      [
        ["set", "a", 1, 10],
        ["set", "b", 2],
        ["tick", 10],
        ["get", "a"],
        ["get", "b"],
      ],
      { got: [undefined, 2], remaining: ["b"], size: 1, weight: 2 },
    ],
    [
      "forgets what it is told to",
      { maxEntries: 10 },
      [
        ["set", "a", 1],
        ["set", "b", 2],
        ["delete", "a"],
        ["get", "a"],
      ],
      { got: [undefined], remaining: ["b"], size: 1, weight: 2 },
    ],
    [
      "with no room keeps nothing",
      { maxEntries: 0 },
      [
        ["set", "a", 1],
        ["get", "a"],
      ],
      { got: [undefined], remaining: [], size: 0, weight: 0 },
    ],
  ])("%s", (_, bounds, steps, expected) => {
    expect(run(bounds, steps)).toEqual(expected);
  });

  it("lets go the entries a rule picks, with their weight", () => {
    const cache = createProcessCache<string, { documentId: string; bytes: number }>("test.pages", {
      maxEntries: 10,
      maxWeight: 100,
      weightOf: (page) => page.bytes,
    });
    cache.set("d1:1", { documentId: "d1", bytes: 10 });
    cache.set("d2:1", { documentId: "d2", bytes: 20 });
    cache.set("d1:2", { documentId: "d1", bytes: 30 });
    cache.deleteWhere((page) => page.documentId === "d1");
    expect({ size: cache.size, weight: cache.weight, kept: cache.get("d2:1") }).toEqual({ size: 1, weight: 20, kept: { documentId: "d2", bytes: 20 } });
  });

  it("hands out plain values frozen all the way down, so no caller changes what the next one reads", () => {
    const cache = createProcessCache<string, { name: string; roles: string[]; nested: { ids: number[] } }>("test.frozen", { maxEntries: 2 });
    const kept = cache.set("a", { name: "Ada", roles: ["admin"], nested: { ids: [1] } });
    const read = cache.get("a")!;
    expect(read).toBe(kept);
    expect([Object.isFrozen(read), Object.isFrozen(read.roles), Object.isFrozen(read.nested.ids)]).toEqual([true, true, true]);
    expect(() => read.roles.push("owner")).toThrow(TypeError);
  });

  it("leaves objects with their own state as they are: maps, typed arrays, class instances, promises", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const index = new Map([["a", 1]]);
    class Counter {
      count = 0;
    }
    const value = freezeData({ bytes, index, counter: new Counter(), pending: Promise.resolve(1) });
    expect(Object.isFrozen(value)).toBe(true);
    index.set("b", 2);
    bytes[0] = 9;
    value.counter.count += 1;
    expect([index.size, bytes[0], value.counter.count]).toEqual([2, 9, 1]);
  });
});
