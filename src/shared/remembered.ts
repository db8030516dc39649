import { createProcessCache, freezeData } from "./process-cache";

/**
 * A pure function whose results are kept in a process cache named `name` (at most `maxEntries`,
 * the least recently used goes first; results frozen), for work a request repeats on the same
 * inputs as the one before: a document's words, its passages' sentences, the pages an answer
 * quotes. `keyOf` names what the result depends on (the first argument by default).
 */
export function remembered<Args extends unknown[], Value>(
  name: string,
  maxEntries: number,
  compute: (...args: Args) => Value,
  keyOf: (...args: Args) => unknown = (...args) => args[0],
): (...args: Args) => Value {
  // Boxed: a result may itself be undefined.
  const results = createProcessCache<unknown, { value: Value }>(name, { maxEntries });
  return (...args) => {
    const key = keyOf(...args);
    return (results.get(key) ?? results.set(key, { value: compute(...args) })).value;
  };
}

/**
 * `remembered` for a function of a long text and a small detail (a passage's text and its clauses):
 * kept by the text first — one string held by its caller, whose hash the engine keeps on it — then
 * by the detail's key, so no call builds and hashes a new key as long as the text.
 */
export function rememberedByText<Detail, Value>(
  name: string,
  maxTexts: number,
  compute: (text: string, detail: Detail) => Value,
  keyOfDetail: (detail: Detail) => string,
): (text: string, detail: Detail) => Value {
  const byText = createProcessCache<string, { byDetail: Map<string, Value> }>(name, { maxEntries: maxTexts });
  return (text, detail) => {
    const kept = byText.get(text) ?? byText.set(text, { byDetail: new Map() });
    const key = keyOfDetail(detail);
    if (kept.byDetail.has(key)) return kept.byDetail.get(key)!;
    const value = freezeData(compute(text, detail));
    kept.byDetail.set(key, value);
    return value;
  };
}
