/**
 * localStorage and sessionStorage, failing soft: storage can be unavailable (privacy modes, a
 * full quota), and not remembering is acceptable wherever the app keeps something there.
 */
export type StorageKind = "local" | "session";

function storage(kind: StorageKind): Storage | undefined {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStored(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, or removes the key when `value` is null. */
export function writeStored(kind: StorageKind, key: string, value: string | null): void {
  try {
    if (value === null) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // Not remembering is acceptable: every flow still works within the page.
  }
}
