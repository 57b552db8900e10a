// The chosen label options (docs/design/individual.md §3, key lifetag_label_options).
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { defaultLabelOptions, labelTypes, type LabelOptions } from "@/lib/labels";
import { storageKeys } from "@/lib/storage";
import { rawJsonStorage } from "./persistRaw";

interface LabelOptionsState {
  options: LabelOptions;
  update: (change: Partial<LabelOptions>) => void;
}

function visitorLocale(): string | undefined {
  return typeof navigator === "undefined" ? undefined : navigator.language;
}

function loadOptions(raw: unknown): { options: LabelOptions } | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Partial<LabelOptions>;
  if (!labelTypes.includes(r.labelType as LabelOptions["labelType"])) return null;
  const defaults = defaultLabelOptions(visitorLocale());
  return {
    options: {
      ...defaults,
      ...r,
      customDimensions: { ...defaults.customDimensions, ...r.customDimensions },
    },
  };
}

export const useLabelOptionsStore = create<LabelOptionsState>()(
  persist(
    (set) => ({
      options: defaultLabelOptions(visitorLocale()),
      update: (change) => set((state) => ({ options: { ...state.options, ...change } })),
    }),
    {
      name: storageKeys.labelOptions,
      storage: rawJsonStorage<Pick<LabelOptionsState, "options">, LabelOptions>({
        load: loadOptions,
        save: (state) => state.options,
      }),
      partialize: (state) => ({ options: state.options }),
    },
  ),
);
