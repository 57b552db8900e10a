import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { useBlocker, type Blocker } from "react-router";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { discardCopy } from "@/lib/copy";

/** Whether a form has typed work: a boolean as of the last render, or a function asked live. */
export type Dirty = boolean | (() => boolean);

/**
 * Asks before typed work is thrown away, the one way
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
 * Call it in a component that is mounted only while its form is on screen
 * (a dialog's content, not the button that opens it): a router asks only
 * its newest blocker, so one per page at a time. A form inside a guarded
 * form (the template editor's field dialog) uses useDiscardQuestion.
 */
export function useDiscardGuard(dirty: Dirty): {
  leave: (then: () => void) => void;
  release: () => void;
  dialog: ReactNode;
} {
  const { isDirty, releasedRef } = useDirtyNow(dirty);
  const blocker = useBlocker(isDirty);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);
  const release = useCallback(() => {
    releasedRef.current = true;
  }, [releasedRef]);
  const { leave, dialog } = useQuestion(isDirty, releasedRef, blocker);
  return { leave, release, dialog };
}

/**
 * The same question, asked only on a form's own ways out (`leave`), for:
 * - a form inside a form that already has useDiscardGuard (a second
 *   blocker would silence the outer one): the inner form tells the outer
 *   one's dirty check that it holds typed work, so a route change or
 *   closing the tab is asked by the outer guard;
 * - the station's window, which has no routes (and no data router).
 * Call it in a component mounted only while its form is on screen.
 */
export function useDiscardQuestion(dirty: Dirty): {
  leave: (then: () => void) => void;
  dialog: ReactNode;
} {
  const { isDirty, releasedRef } = useDirtyNow(dirty);
  return useQuestion(isDirty, releasedRef, null);
}

function useDirtyNow(dirty: Dirty) {
  // The answer at the moment of leaving: a boolean as of the last commit,
  // or a function a form with its own state (react-hook-form) answers live.
  const dirtyNow = useRef(dirty);
  const releasedRef = useRef(false);
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  const isDirty = useCallback(() => {
    const d = dirtyNow.current;
    return !releasedRef.current && (typeof d === "function" ? d() : d);
  }, []);
  return { isDirty, releasedRef };
}

function useQuestion(
  isDirty: () => boolean,
  releasedRef: RefObject<boolean>,
  blocker: Blocker | null,
) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Set while Discard runs, so the dialog closing does not also cancel.
  const discarding = useRef(false);
  const blocked = blocker?.state === "blocked";

  const leave = useCallback(
    (then: () => void) => {
      if (isDirty()) setPending(() => then);
      else then();
    },
    [isDirty],
  );

  const dialog = (
    <ConfirmDialog
      open={pending !== null || blocked}
      onOpenChange={(open) => {
        if (open) return;
        if (!discarding.current && blocked) blocker.reset();
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
        releasedRef.current = true;
        if (blocked) blocker.proceed();
        else pending?.();
      }}
    />
  );
  return { leave, dialog };
}
