import * as Tooltip from "@radix-ui/react-tooltip";
import { useId, type ReactNode } from "react";
import { toast } from "./toast-store";

/**
 * A button that is locked until purchase, with the reason in a tooltip
 * (docs/design/individual.md §2). The button stays focusable (aria-disabled, not disabled) so
 * keyboard and screen-reader users reach the explanation too.
 */
export function LockedAction(props: {
  locked: boolean;
  reason: string;
  onClick: () => void;
  /** Work started by a click is still under way: a second click waits. */
  busy?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const reasonId = useId();
  const button = (
    <button
      type="button"
      className={props.className ?? "button"}
      aria-disabled={props.locked || props.busy || undefined}
      aria-busy={props.busy || undefined}
      aria-describedby={props.locked ? reasonId : undefined}
      onClick={() => {
        // Touch screens have no hover: a tap on a locked action says why.
        if (props.locked) toast({ title: props.reason });
        else if (!props.busy) props.onClick();
      }}
    >
      {props.locked && (
        <svg aria-hidden="true" className="lock-icon" width="14" height="14" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
          />
        </svg>
      )}
      {props.children}
    </button>
  );
  if (!props.locked) return button;
  // The reason sits beside the button (not inside, where it would become
  // part of its name) and is announced as its description.
  return (
    <>
      <span id={reasonId} className="visually-hidden">
        {props.reason}
      </span>
      <TooltipProvider>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content className="tooltip" sideOffset={6}>
              {props.reason}
              <Tooltip.Arrow className="tooltip-arrow" />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </TooltipProvider>
    </>
  );
}

/** docs/design/individual.md §9: tooltip delay 700 ms, skip delay 300 ms. */
export function TooltipProvider(props: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {props.children}
    </Tooltip.Provider>
  );
}
