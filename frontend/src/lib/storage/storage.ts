// Reading and writing the device's storage. Failures (quota, private mode,
// malformed JSON) are logged and turn into null or a no-op (docs/design/individual.md §8): the
// page must keep working when storage does not.
import { STORAGE_PREFIX, storageKeys } from "./keys";

export function readJson(key: string, storage: Storage = localStorage): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch (error) {
    console.error(`Failed to read ${key}`, error);
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(`Failed to save ${key}`, error);
  }
}

export function readString(key: string, storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(key);
  } catch (error) {
    console.error(`Failed to read ${key}`, error);
    return null;
  }
}

export function writeString(key: string, value: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    console.error(`Failed to save ${key}`, error);
  }
}

export function removeKey(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch (error) {
    console.error(`Failed to remove ${key}`, error);
  }
}

/**
 * Logout (docs/design/individual.md §4): every product-prefixed entry goes, and any bearer token
 * an older version left behind.
 */
export function clearProductStorage(storage: Storage = localStorage): void {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && key.startsWith(STORAGE_PREFIX)) doomed.push(key);
  }
  doomed.push(storageKeys.legacySessionToken);
  for (const key of doomed) removeKey(key, storage);
}
