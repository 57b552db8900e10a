// zustand's persist middleware wraps state as {state, version}. The spec's
// storage entries hold the records themselves, so this adapter stores one
// plain value under the key and checks it on the way back in: a value that
// fails the check is corrupted and removed (docs/design/individual.md §4).
import type { PersistStorage, StorageValue } from "zustand/middleware";
import { readJson, removeKey, writeJson } from "@/lib/storage";

export function rawJsonStorage<S, V>(options: {
  /** The state for a stored value, or null to drop it. */
  load: (raw: unknown) => S | null;
  /** The value to store, or null to remove the key. */
  save: (state: S) => V | null;
  storage?: () => Storage;
}): PersistStorage<S> {
  const storage = options.storage ?? (() => localStorage);
  // No storage at all (the build-time render runs in Node): nothing stored.
  const available = () => typeof localStorage !== "undefined";
  return {
    getItem(name): StorageValue<S> | null {
      if (!available()) return null;
      const raw = readJson(name, storage());
      if (raw === null) return null;
      const state = options.load(raw);
      if (state === null) {
        removeKey(name, storage());
        return null;
      }
      return { state, version: 0 };
    },
    setItem(name, value) {
      if (!available()) return;
      const stored = options.save(value.state);
      if (stored === null) removeKey(name, storage());
      else writeJson(name, stored, storage());
    },
    removeItem(name) {
      if (!available()) return;
      removeKey(name, storage());
    },
  };
}
