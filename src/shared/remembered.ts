import { createProcessCache } from "./process-cache";

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
