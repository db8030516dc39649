/**
 * A pure function whose results are kept, at most `limit` of them (the oldest goes first), for
 * work a request repeats on the same inputs as the one before: a document's words, its passages'
 * sentences, the pages an answer quotes. `keyOf` names what the result depends on (the first
 * argument by default).
 */
export function remembered<Args extends unknown[], Value>(
  limit: number,
  compute: (...args: Args) => Value,
  keyOf: (...args: Args) => unknown = (...args) => args[0],
): (...args: Args) => Value {
  const values = new Map<unknown, Value>();
  return (...args) => {
    const key = keyOf(...args);
    if (values.has(key)) return values.get(key)!;
    const value = compute(...args);
    values.set(key, value);
    if (values.size > limit) values.delete(values.keys().next().value);
    return value;
  };
}
