import type { ButtonHTMLAttributes, ReactNode } from "react";

/** A button that says what it is doing while its work is under way, and waits for it. */
export function BusyButton(
  props: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyLabel: ReactNode },
) {
  const { busy, busyLabel, children, disabled, ...button } = props;
  return (
    <button type="submit" {...button} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
