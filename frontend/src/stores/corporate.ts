// The corporate member this browser signed in, so that the site header can
// offer their dashboard and Sign Out instead of "Sign In". Nothing here can
// act as the member: the session is the server's HttpOnly cookie, and the
// entry is forgotten when a corporate page finds that session gone.
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { storageKeys } from "@/lib/storage";

export interface CorporateMember {
  email: string;
  organizationId: number | null;
}

interface CorporateMemberState {
  member: CorporateMember | null;
  signIn: (member: CorporateMember) => void;
  forget: () => void;
}

export const useCorporateMemberStore = create<CorporateMemberState>()(
  persist(
    (set) => ({
      member: null,
      signIn: (member) => set({ member }),
      forget: () => set({ member: null }),
    }),
    { name: storageKeys.corporateMember, partialize: (state) => ({ member: state.member }) },
  ),
);
