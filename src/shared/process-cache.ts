/**
 * The one kind of cache this codebase keeps in a process's memory (ADR 037): least recently used
 * first out past a count bound and, optionally, a weight bound (bytes, characters), entries usable
 * for an optional time to live, and values frozen when kept, so no caller can change what the next
 * one reads. Every cache is made by `createProcessCache` with a name (`remembered` makes one too),
 * so what a process holds is one search: `createProcessCache(` and `remembered(`.
 */
export interface CacheBounds<Key, Value> {
  /** At most this many entries. */
  maxEntries: number;
  /** At most this much weight together (`weightOf` each value); a value heavier on its own is not kept. */
  maxWeight?: number;
  weightOf?: (value: Value, key: Key) => number;
  /** An entry older than this is not answered (and goes when next asked for). */
  ttlMs?: number;
  /** The clock the time to live is read on (tests). */
  now?: () => number;
}

export interface ProcessCache<Key, Value> {
  readonly name: string;
  /** The value kept for `key`, now the most recently used; undefined when there is none, or it outlived its time. */
  get(key: Key): Value | undefined;
  /** Keeps `value` (frozen) as the most recently used, letting the least recently used go past the bounds; answers it frozen. */
  set(key: Key, value: Value, options?: { ttlMs?: number }): Value;
  delete(key: Key): void;
  /** Lets go every entry `isDropped` picks (a deleted document's pages). */
  deleteWhere(isDropped: (value: Value, key: Key) => boolean): void;
  clear(): void;
  readonly size: number;
  readonly weight: number;
}

interface Entry<Key, Value> {
  key: Key;
  value: Value;
  weight: number;
  usableUntil: number;
  /** The entries used just before and just after this one: a list from the least to the most recently used. */
  older: Entry<Key, Value> | undefined;
  newer: Entry<Key, Value> | undefined;
}

const isPlainData = (value: object) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;

/**
 * Freezes plain objects and arrays all the way down. Class instances, maps, typed arrays and
 * promises are left as they are: they keep their own state (a lazily unpacked index, image bytes),
 * and their types say what a caller may do with them.
 */
export function freezeData<Value>(value: Value): Value {
  if (typeof value !== "object" || value === null || Object.isFrozen(value) || !isPlainData(value)) return value;
  Object.freeze(value);
  for (const member of Object.values(value)) freezeData(member);
  return value;
}

export function createProcessCache<Key, Value>(name: string, bounds: CacheBounds<Key, Value>): ProcessCache<Key, Value> {
  const { maxEntries, maxWeight = Infinity, weightOf, ttlMs = Infinity, now = Date.now } = bounds;
  // Found by key in the map; ordered by use in a list of their own, so a use moves two links
  // instead of taking the key out of the map and putting it back (a memo asked a million times).
  const entries = new Map<Key, Entry<Key, Value>>();
  let oldest: Entry<Key, Value> | undefined;
  let newest: Entry<Key, Value> | undefined;
  let weight = 0;

  function unlink(entry: Entry<Key, Value>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else newest = entry.older;
    entry.older = entry.newer = undefined;
  }

  function append(entry: Entry<Key, Value>): void {
    entry.older = newest;
    if (newest) newest.newer = entry;
    else oldest = entry;
    newest = entry;
  }

  function remove(key: Key): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    unlink(entry);
    weight -= entry.weight;
  }

  return {
    name,
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Most caches have no time to live: no clock read for them.
      if (entry.usableUntil !== Infinity && entry.usableUntil <= now()) {
        remove(key);
        return undefined;
      }
      if (entry !== newest) {
        unlink(entry);
        append(entry);
      }
      return entry.value;
    },
    set(key, value, options = {}) {
      const frozen = freezeData(value);
      const entryWeight = weightOf?.(frozen, key) ?? 0;
      remove(key);
      if (entryWeight > maxWeight || maxEntries < 1) return frozen;
      const entry: Entry<Key, Value> = {
        key,
        value: frozen,
        weight: entryWeight,
        usableUntil: now() + (options.ttlMs ?? ttlMs),
        older: undefined,
        newer: undefined,
      };
      entries.set(key, entry);
      append(entry);
      weight += entryWeight;
      while (oldest && (entries.size > maxEntries || weight > maxWeight)) remove(oldest.key);
      return frozen;
    },
    delete: remove,
    deleteWhere(isDropped) {
      const dropped: Key[] = [];
      for (let entry = oldest; entry; entry = entry.newer) if (isDropped(entry.value, entry.key)) dropped.push(entry.key);
      for (const key of dropped) remove(key);
    },
    clear() {
      entries.clear();
      oldest = newest = undefined;
      weight = 0;
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return weight;
    },
  };
}

/** A value, and the version of what it was made from. */
export interface AsOfVersion<Value> {
  version: string;
  value: Value;
}

/**
 * The value kept under `key` while `versionOf()` answers the version it was read at. When the
 * version moved, it is read again, and kept only if the version still held after reading: a kept
 * version always names exactly what was read under it.
 */
export async function readWhileVersionHolds<Key, Value>(
  cache: ProcessCache<Key, AsOfVersion<Value>>,
  key: Key,
  versionOf: () => Promise<string>,
  read: () => Promise<Value>,
): Promise<AsOfVersion<Value>> {
  const version = await versionOf();
  const kept = cache.get(key);
  if (kept?.version === version) return kept;
  const fresh = { version, value: await read() };
  return (await versionOf()) === version ? cache.set(key, fresh) : fresh;
}
