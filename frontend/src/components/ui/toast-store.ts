// One toast at a time (docs/design/individual.md §2, §9): a new toast replaces the current one.
import { create } from "zustand";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
}

interface ToastEntry extends ToastInput {
  id: number;
  open: boolean;
}

/** docs/design/individual.md §9: a dismissed toast is removed from the store after this long. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

interface ToastState {
  toasts: ToastEntry[];
  show: (toast: ToastInput) => void;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (toast) => set({ toasts: [{ ...toast, id: nextId++, open: true }] }),
  dismiss: (id) => {
    set((state) => ({
      toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)),
    }));
    setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY_MS);
  },
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere, including outside React. */
export function toast(input: ToastInput): void {
  useToastStore.getState().show(input);
}
