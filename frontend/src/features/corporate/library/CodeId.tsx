import { useState } from "react";
import { libraryCopy } from "./copy";

const copy = libraryCopy.codeId;

/**
 * A code's id as the library shows it, with a button that copies it: the
 * id names the code where names repeat (the numbers file's QR code ID
 * column, a message to support), so an officer must be able to read and
 * copy it without opening anything.
 */
export function CodeId(props: { id: number; name: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <span className="code-id">
      <span>{copy.label(props.id)}</span>{" "}
      <button
        type="button"
        className="button button-small button-ghost"
        aria-label={copy.copyFor(props.id, props.name)}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(String(props.id));
            setCopied("yes");
          } catch (error) {
            console.error("Copy failed", error);
            setCopied("failed");
          }
        }}
      >
        {copied === "yes" ? copy.copied : copy.copy}
      </button>
      {copied === "failed" && (
        <span role="alert" className="hint">
          {" "}
          {copy.failed}
        </span>
      )}
    </span>
  );
}
