// The print queue (docs/design/admin-corporate.md §3 print queue item, docs/design/admin-corporate.md §4 batch print), kept in this
// tab's sessionStorage so a reload keeps it and closing the tab forgets it.
// Items hold which library code to print and how to show it; the record
// itself is read by the server when the sheet is made.
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { STORAGE_PREFIX } from "@/lib/storage/keys";
import { rawJsonStorage } from "@/stores/persistRaw";
import { batchCopy } from "./copy";

export const QUEUE_STORAGE_KEY = `${STORAGE_PREFIX}batch_queue`;

export interface QueueItem {
  /** batch_ + timestamp + random text (docs/design/admin-corporate.md §4 ids). */
  id: string;
  codeId: number;
  name: string;
  projectName: string;
  labelType: string;
}

/** What the picker adds: a library code. */
export interface QueueCode {
  id: number;
  name: string;
  projectName: string;
  labelType: string;
}

export function newItemId(now = Date.now()): string {
  return `batch_${now}_${Math.random().toString(36).slice(2, 11)}`;
}

interface QueueState {
  /** The organisation whose codes are queued (0: none yet). */
  orgId: number;
  items: QueueItem[];
  /**
   * Binds the queue to the signed-in member's organisation: a queue left in
   * this tab by another organisation's session (its workers' names) is
   * dropped, never shown or sent.
   */
  adopt: (orgId: number) => void;
  add: (codes: QueueCode[]) => void;
  duplicate: (id: string) => void;
  remove: (id: string) => void;
  clear: () => void;
}

function isQueueItem(raw: unknown): raw is QueueItem {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return (
    typeof r.id === "string" &&
    Number.isSafeInteger(r.codeId) &&
    (r.codeId as number) > 0 &&
    typeof r.name === "string" &&
    typeof r.projectName === "string" &&
    typeof r.labelType === "string"
  );
}

interface StoredQueue {
  orgId: number;
  items: QueueItem[];
}

function isStoredQueue(raw: unknown): raw is StoredQueue {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return Number.isSafeInteger(r.orgId) && Array.isArray(r.items) && r.items.every(isQueueItem);
}

export const useQueueStore = create<QueueState>()(
  persist(
    (set) => ({
      orgId: 0,
      items: [],
      adopt: (orgId) => set((state) => (state.orgId === orgId ? state : { orgId, items: [] })),
      add: (codes) =>
        set((state) => ({
          items: [
            ...state.items,
            ...codes.map((c) => ({
              id: newItemId(),
              codeId: c.id,
              name: c.name,
              projectName: c.projectName,
              labelType: c.labelType,
            })),
          ],
        })),
      // The copy prints the same code again; only its name says it is a copy.
      duplicate: (id) =>
        set((state) => {
          const at = state.items.findIndex((i) => i.id === id);
          const item = state.items[at];
          if (item === undefined) return state;
          const copy: QueueItem = {
            ...item,
            id: newItemId(),
            name: item.name + batchCopy.queue.copySuffix,
          };
          return { items: [...state.items.slice(0, at + 1), copy, ...state.items.slice(at + 1)] };
        }),
      remove: (id) => set((state) => ({ items: state.items.filter((i) => i.id !== id) })),
      clear: () => set({ items: [] }),
    }),
    {
      name: QUEUE_STORAGE_KEY,
      // A stored queue that is not a list of items is dropped, not trusted.
      storage: rawJsonStorage<StoredQueue, StoredQueue>({
        load: (raw) => (isStoredQueue(raw) ? raw : null),
        save: (state) => (state.items.length === 0 ? null : state),
        storage: () => sessionStorage,
      }),
      partialize: (state) => ({ orgId: state.orgId, items: state.items }),
    },
  ),
);
