// The emergency form's record, saved on this device on every change
// (docs/design/individual.md §2 and §3, key lifetag_emergency_info).
import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { EmergencyData } from "@/lib/emergency";
import { beginVisit } from "@/lib/session/visit";
import { storageKeys } from "@/lib/storage";
import { rawJsonStorage } from "./persistRaw";

interface EmergencyState {
  data: EmergencyData | null;
  /**
   * Bumped whenever the record is replaced from outside the form (loaded
   * from the account, or cleared), so the form knows to start again from it.
   */
  revision: number;
  /**
   * Saves the record as it stands, stamped with lastModified; the same
   * details again (the form re-reporting its values on a visit to the home
   * page) are not a modification and keep the stamp, which the 5-minute
   * rule reads (lib/session/visit.ts).
   */
  save: (data: EmergencyData, now?: Date) => void;
  /** Replaces the record from outside the form. */
  replace: (data: EmergencyData, now?: Date) => void;
  clear: () => void;
}

/** The same details, whenever each was saved. */
function sameDetails(a: EmergencyData | null, b: EmergencyData): boolean {
  if (a === null) return false;
  const details = (d: EmergencyData) => JSON.stringify({ ...d, lastModified: undefined });
  return details(a) === details(b);
}

export function isEmergencyRecord(raw: unknown): raw is EmergencyData {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return (
    typeof r.personalInfo === "object" &&
    r.personalInfo !== null &&
    Array.isArray(r.emergencyContacts) &&
    (r.medicalInfo === undefined || (typeof r.medicalInfo === "object" && r.medicalInfo !== null))
  );
}

// A visit's first read of the record comes after the visit-start rule, which
// removes an earlier visit's stale anonymous record (docs/design/individual.md §4). It runs here,
// just before the store reads storage, because the bundler decides the order
// in which modules run: an import placed first in main.tsx ran too late.
if (typeof localStorage !== "undefined" && typeof sessionStorage !== "undefined") {
  beginVisit(new Date());
}

export const useEmergencyStore = create<EmergencyState>()(
  persist(
    (set) => ({
      data: null,
      revision: 0,
      save: (data, now = new Date()) =>
        set((state) =>
          sameDetails(state.data, data)
            ? state
            : { data: { ...data, lastModified: now.toISOString() } },
        ),
      replace: (data, now = new Date()) =>
        set((state) => ({
          data: { ...data, lastModified: now.toISOString() },
          revision: state.revision + 1,
        })),
      clear: () => set((state) => ({ data: null, revision: state.revision + 1 })),
    }),
    {
      name: storageKeys.emergencyInfo,
      storage: rawJsonStorage<Pick<EmergencyState, "data">, EmergencyData>({
        load: (raw) =>
          isEmergencyRecord(raw) ? { data: { ...raw, medicalInfo: raw.medicalInfo ?? {} } } : null,
        save: (state) => state.data,
      }),
      partialize: (state) => ({ data: state.data }),
    },
  ),
);

/** The record has what the QR needs: a name and at least one usable contact. */
export function hasEmergencyData(data: EmergencyData | null): data is EmergencyData {
  return (
    data !== null &&
    (data.personalInfo.fullName ?? "").trim() !== "" &&
    data.emergencyContacts.some((c) => c.name.trim() !== "" || c.phone.trim() !== "")
  );
}
