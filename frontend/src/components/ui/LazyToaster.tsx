import { lazy, Suspense } from "react";
import { useToastStore } from "./toast-store";

// Radix Toast loads with the first toast, not with the first page.
const Toaster = lazy(async () => ({ default: (await import("./Toaster")).Toaster }));

export function LazyToaster() {
  const hasToasts = useToastStore((s) => s.toasts.length > 0);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
