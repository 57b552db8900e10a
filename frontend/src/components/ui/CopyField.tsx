import { useState } from "react";

/** The words a CopyField shows, from its feature's copy. */
export interface CopyFieldCopy {
  copy: string;
  copied: string;
  /** Said when the browser refuses the clipboard; omitted, nothing is said. */
  copyFailed?: string;
}

/**
 * A read-only value (a link, an API key's secret) with a Copy button. The
 * value selects itself on focus, so where the browser refuses the
 * clipboard a person can still copy it by hand.
 */
export function CopyField(props: {
  value: string;
  copy: CopyFieldCopy;
  /** Where a visible label names the field, its id (label htmlFor). */
  id?: string;
  /** Where no visible label does, the field's accessible name. */
  label?: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <>
      <div className="copy-row">
        <input
          dir="auto"
          id={props.id}
          readOnly
          value={props.value}
          aria-label={props.label}
          data-testid={props.testId}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(props.value);
              setCopied("yes");
            } catch (error) {
              console.error("Copy failed", error);
              setCopied("failed");
            }
          }}
        >
          {copied === "yes" ? props.copy.copied : props.copy.copy}
        </button>
      </div>
      {copied === "failed" && props.copy.copyFailed && <p role="alert">{props.copy.copyFailed}</p>}
    </>
  );
}
