import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
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
export function useDiscardGuard(dirty: boolean | (() => boolean)): {
  leave: (then: () => void) => void;
  release: () => void;
  dialog: ReactNode;
} {
  // The answer at the moment of leaving: a boolean as of the last commit,
  // or a function a form with its own state (react-hook-form) answers live.
  const dirtyNow = useRef(dirty);
  const released = useRef(false);
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  const isDirty = useCallback(() => {
    const d = dirtyNow.current;
    return !released.current && (typeof d === "function" ? d() : d);
  }, []);
  const blocker = useBlocker(isDirty);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Set while Discard runs, so the dialog closing does not also cancel.
  const discarding = useRef(false);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  const leave = useCallback(
    (then: () => void) => {
      if (isDirty()) setPending(() => then);
      else then();
    },
    [isDirty],
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
        released.current = true;
        if (blocker.state === "blocked") blocker.proceed();
        else pending?.();
      }}
    />
  );
  return { leave, release, dialog };
}
