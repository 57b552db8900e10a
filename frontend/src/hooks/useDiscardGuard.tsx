import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { discardCopy } from "@/lib/copy";

/**
 * Asks before typed work is thrown away (issue 24 item 5), the one way
 * every form that can be left does it:
 * - a route change while `dirty` (a link, Back, the header) is held by
 *   react-router's blocker until the question is answered;
 * - closing or reloading the tab gets the browser's own question;
 * - a page's own ways out (a dialog's Escape, outside click or Cancel, a
 *   "Back to templates" button) go through `leave(then)`.
 * Render `dialog` once in the page. Needs a data router (the website's).
 * A form that navigates as soon as it is saved calls `release()` first: the
 * blocker reads the latest word at the moment of navigating, before React
 * has rendered the saved state.
 */
export function useDiscardGuard(dirty: boolean): {
  leave: (then: () => void) => void;
  release: () => void;
  dialog: ReactNode;
} {
  const dirtyNow = useRef(dirty);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(useCallback(() => dirtyNow.current, []));
  const release = useCallback(() => {
    dirtyNow.current = false;
  }, []);
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Set while Discard runs, so the dialog closing does not also cancel.
  const discarding = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const leave = useCallback(
    (then: () => void) => {
      if (dirty) setPending(() => then);
      else then();
    },
    [dirty],
  );

  const dialog = (
    <ConfirmDialog
      open={pending !== null || blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (open) return;
        if (!discarding.current && blocker.state === "blocked") blocker.reset();
        discarding.current = false;
        setPending(null);
      }}
      title={discardCopy.title}
      description={discardCopy.description}
      confirmLabel={discardCopy.discard}
      cancelLabel={discardCopy.keep}
      onConfirm={() => {
        discarding.current = true;
        // A way out that navigates (a dialog whose address closes it) is not asked twice.
        dirtyNow.current = false;
        if (blocker.state === "blocked") blocker.proceed();
        else pending?.();
      }}
    />
  );
  return { leave, release, dialog };
}
