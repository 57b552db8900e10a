import { lazy, Suspense, useState } from "react";
import { collectCopy } from "./copy";

const copy = collectCopy.update;
const UpdateLinkForm = lazy(async () => ({
  default: (await import("./UpdateLinkForm")).UpdateLinkForm,
}));

/**
 * "Send update link" for one library code: a single-use link (72 hours)
 * with which the worker corrects their own details, mailed to them when an
 * address is given, and shown once to the officer to pass on.
 */
export function SendUpdateLinkButton(props: {
  orgId: number;
  codeId: number;
  /** The code's name, so that each row's button has a name of its own. */
  codeName?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={props.className ?? "button button-small button-secondary"}
        aria-label={props.codeName ? `${copy.button}: ${props.codeName}` : undefined}
        onClick={() => setOpen(true)}
      >
        {copy.button}
      </button>
      {/* Mounted only while open: a library page holds one button per row. */}
      {open && (
        <Suspense fallback={null}>
          <UpdateLinkForm
            orgId={props.orgId}
            codeId={props.codeId}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
