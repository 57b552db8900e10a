// A change that could take the account over (a second factor added or
// removed, new recovery codes, an organisation's single sign-on) is refused
// with "fresh-proof-required" when the sign-in is more than a few minutes
// old. withFreshProof then asks, in FreshProofDialog, for the password, an
// app's code or a passkey, and tries the change once more.
import { create } from "zustand";
import { isFreshProofNeeded } from "@/lib/api";

interface FreshProofState {
  /** Settles the open question: true once the person proved who they are. */
  answer: ((proved: boolean) => void) | null;
  /** Some change has asked: the dialog's code is loaded and stays mounted. */
  asked: boolean;
  ask: () => Promise<boolean>;
  settle: (proved: boolean) => void;
}

export const useFreshProofStore = create<FreshProofState>()((set, get) => ({
  answer: null,
  asked: false,
  ask: () => {
    // One question at a time: an earlier one still open is given up.
    get().settle(false);
    return new Promise<boolean>((resolve) => set({ answer: resolve, asked: true }));
  },
  settle: (proved) => {
    const answer = get().answer;
    set({ answer: null });
    answer?.(proved);
  },
}));

/**
 * Runs action; when the server asks for a fresh proof, asks the person for
 * one and runs it again. Cancelling the dialog rejects with the refusal.
 */
export async function withFreshProof<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isFreshProofNeeded(error)) throw error;
    if (!(await useFreshProofStore.getState().ask())) throw error;
    return action();
  }
}
