import { lazy, Suspense } from "react";
import { useFreshProofStore } from "./fresh-proof";

// The dialog (Radix Dialog, the passkey ceremony) loads with its first
// question, not with the first page.
const FreshProofDialog = lazy(async () => ({
  default: (await import("./FreshProofDialog")).FreshProofDialog,
}));

/**
 * FreshProofDialog, mounted from the first time withFreshProof asks (and
 * then kept, so that closing it animates and gives the focus back).
 */
export function LazyFreshProofDialog() {
  const asked = useFreshProofStore((s) => s.asked);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <FreshProofDialog />
    </Suspense>
  );
}
