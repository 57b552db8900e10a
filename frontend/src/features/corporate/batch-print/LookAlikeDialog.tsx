import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { DialogContent } from "@/components/ui/DialogContent";
import type { LibraryCode } from "./api";
import { batchCopy } from "./copy";
import type { QueueItem } from "./queueStore";

const copy = batchCopy.lookAlike;

/** Two queued codes that the library marks as looking like one worker. */
export interface LookAlikePair {
  a: { id: number; name: string };
  b: { id: number; name: string };
}

/**
 * The pairs of distinct queued codes where one is marked as a possible
 * duplicate of the other (the library's rule, on the server), each once.
 */
export function lookAlikePairs(
  items: QueueItem[],
  byId: ReadonlyMap<number, LibraryCode>,
): LookAlikePair[] {
  const queued = new Map(items.map((i) => [i.codeId, i.name]));
  const seen = new Set<string>();
  const pairs: LookAlikePair[] = [];
  for (const [id, name] of queued) {
    const other = byId.get(id)?.possibleDuplicateOf;
    if (other == null || other === id || !queued.has(other)) continue;
    const key = [id, other].sort((x, y) => x - y).join("-");
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ a: { id, name }, b: { id: other, name: queued.get(other)! } });
  }
  return pairs;
}

/**
 * Asks, before a batch prints, what to print of each pair of look-alike
 * codes: one of them, or both. It answers the codes to leave out, and
 * whether to delete them (confirmed first).
 */
export function LookAlikeDialog(props: {
  pairs: LookAlikePair[];
  onCancel: () => void;
  onPrint: (leftOut: { id: number; name: string }[], deleteThem: boolean) => void;
}) {
  // By pair index: the id of the code kept, or 0 for both.
  const [kept, setKept] = useState<Record<number, number>>({});
  const [deleteOthers, setDeleteOthers] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const chosen = props.pairs.every((_, i) => kept[i] !== undefined);
  const leftOut = props.pairs.flatMap((p, i) =>
    kept[i] === p.a.id ? [p.b] : kept[i] === p.b.id ? [p.a] : [],
  );
  const names = leftOut.map((c) => c.name).join(", ");
  return (
    <>
      <Dialog.Root
        open={!confirming}
        onOpenChange={(open) => !open && !confirming && props.onCancel()}
      >
        <DialogContent className="dialog">
          <Dialog.Title>{copy.title}</Dialog.Title>
          <Dialog.Description>{copy.description}</Dialog.Description>
          {props.pairs.map((p, i) => (
            <fieldset key={`${p.a.id}-${p.b.id}`} className="look-alike-pair">
              <legend>{copy.pair(p.a.name, p.b.name)}</legend>
              {[p.a, p.b].map((c) => (
                <label key={c.id}>
                  <input
                    type="radio"
                    name={`look-alike-${i}`}
                    checked={kept[i] === c.id}
                    onChange={() => setKept({ ...kept, [i]: c.id })}
                  />{" "}
                  {copy.keep(c.name, c.id)}
                </label>
              ))}
              <label>
                <input
                  type="radio"
                  name={`look-alike-${i}`}
                  checked={kept[i] === 0}
                  onChange={() => setKept({ ...kept, [i]: 0 })}
                />{" "}
                {copy.both}
              </label>
            </fieldset>
          ))}
          {leftOut.length > 0 && (
            <label>
              <input
                type="checkbox"
                checked={deleteOthers}
                onChange={(e) => setDeleteOthers(e.target.checked)}
              />{" "}
              {copy.deleteOthers}
            </label>
          )}
          {!chosen && <p className="hint">{copy.choose}</p>}
          <div className="dialog-actions">
            <Dialog.Close className="button button-secondary">{copy.cancel}</Dialog.Close>
            <button
              type="button"
              className="button button-primary"
              disabled={!chosen}
              onClick={() =>
                deleteOthers && leftOut.length > 0
                  ? setConfirming(true)
                  : props.onPrint(leftOut, false)
              }
            >
              {copy.print}
            </button>
          </div>
        </DialogContent>
      </Dialog.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title={copy.confirmTitle(leftOut.length)}
        description={copy.confirmDescription(names)}
        confirmLabel={copy.confirm}
        cancelLabel={copy.cancel}
        onConfirm={() => props.onPrint(leftOut, true)}
      />
    </>
  );
}
