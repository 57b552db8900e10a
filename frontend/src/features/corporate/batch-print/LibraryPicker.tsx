import { useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { virtualRowProps } from "@/components/ui/virtualRow";
import type { ProjectFilter } from "../library/api";
import { libraryCopy } from "../library/copy";
import type { LibraryCode, Project } from "./api";
import { batchCopy } from "./copy";
import { pickable, pickerOrders, sortCodes, type PickerOrder } from "./picker";

const copy = batchCopy.picker;

/**
 * 'Add from Library' (docs/design/admin-corporate.md §4): search, project filter, select all or
 * none; codes already queued (by name) are not listed; deactivated codes
 * are listed, marked Inactive, and cannot be chosen; Add is disabled while
 * nothing is selected.
 */
export function LibraryPicker(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  codes: LibraryCode[] | undefined;
  projects: Pick<Project, "id" | "name">[];
  loadFailed: boolean;
  queuedNames: ReadonlySet<string>;
  onAdd: (codes: LibraryCode[]) => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="dialog batch-picker">
        {/* Mounted while open only, so every opening starts afresh. */}
        {props.open && <PickerBody {...props} />}
      </DialogContent>
    </Dialog.Root>
  );
}

/**
 * The codes to pick, in the list's own scroll box: only the rows near view
 * are drawn (a library of 2,000 would otherwise be 2,000 checkboxes drawn at
 * once, freezing the dialog as it opens).
 */
function PickList(props: {
  codes: LibraryCode[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's object changes as it measures and is passed to no
  // memoised child, which is what this rule guards against.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: props.codes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 40,
    overscan: 10,
    getItemKey: (index) => props.codes[index]!.id,
  });
  return (
    <div ref={scrollRef} className="batch-picker-scroll">
      <ul
        className="batch-picker-list"
        aria-label={copy.title}
        style={{ height: rows.getTotalSize() }}
      >
        {rows.getVirtualItems().map((row) => {
          const c = props.codes[row.index]!;
          return (
            <li
              key={row.key}
              ref={rows.measureElement}
              {...virtualRowProps(row, props.codes.length)}
            >
              <label>
                {/* A deactivated code never prints (the server refuses it):
                    shown, so nobody wonders where the worker went, but
                    not selectable. */}
                <input
                  type="checkbox"
                  checked={c.isActive && props.selected.has(c.id)}
                  disabled={!c.isActive}
                  onChange={() => props.onToggle(c.id)}
                />
                <span>
                  <strong>{c.name}</strong>
                  <span className="hint"> · {c.projectName || batchCopy.queue.noProject}</span>
                  {/* Two labels for one worker can carry different details:
                      said here too, where a batch is chosen. */}
                  {c.possibleDuplicateOf != null && (
                    <>
                      {" "}
                      <span
                        className="badge badge-yellow"
                        title={libraryCopy.possibleDuplicateHint(c.possibleDuplicateOf)}
                      >
                        {libraryCopy.possibleDuplicate}
                      </span>
                    </>
                  )}
                  {c.review === "overdue" && (
                    <>
                      {" "}
                      <span className="badge badge-red">{libraryCopy.reviewOverdue}</span>
                    </>
                  )}
                  {!c.isActive && (
                    <>
                      {" "}
                      <span className="badge badge-yellow">{copy.inactive}</span>
                      <span className="hint hint-warn batch-picker-inactive">
                        {copy.inactiveHint}
                      </span>
                    </>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PickerBody(props: Parameters<typeof LibraryPicker>[0]) {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ProjectFilter>("all");
  const [order, setOrder] = useState<PickerOrder>("added");
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // The list's order is the order Add queues the codes in, and so the
  // order their labels print in.
  const shown = useMemo(
    () => sortCodes(pickable(props.codes ?? [], props.queuedNames, search, filter), order),
    [props.codes, props.queuedNames, search, filter, order],
  );
  // What is selected but filtered out is not added: Add takes what is seen,
  // and never a deactivated code.
  const chosen = shown.filter((c) => c.isActive && selected.has(c.id));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Dialog.Title>{copy.title}</Dialog.Title>
      <Dialog.Description className="hint">{copy.description}</Dialog.Description>
      <div className="batch-picker-filters">
        <div className="field">
          <label htmlFor="batch-picker-search">{copy.search}</label>
          <input
            dir="auto"
            id="batch-picker-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="batch-picker-filter">{copy.filter}</label>
          <select
            id="batch-picker-filter"
            value={String(filter)}
            onChange={(e) => {
              const v = e.target.value;
              setFilter(v === "all" || v === "organization" ? v : Number(v));
            }}
          >
            <option value="all">{copy.all}</option>
            <option value="organization">{copy.organization}</option>
            {props.projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="batch-picker-order">{copy.order}</label>
          <select
            id="batch-picker-order"
            value={order}
            onChange={(e) => setOrder(e.target.value as PickerOrder)}
          >
            {pickerOrders.map((o) => (
              <option key={o} value={o}>
                {copy.orders[o]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="batch-picker-bulk">
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => setSelected(new Set(shown.filter((c) => c.isActive).map((c) => c.id)))}
        >
          {copy.selectAll}
        </button>
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => setSelected(new Set())}
        >
          {copy.selectNone}
        </button>
        <span className="hint" aria-live="polite">
          {copy.selected(chosen.length)}
        </span>
      </div>
      {props.loadFailed ? (
        <p className="field-error" role="alert">
          {copy.loadFailed}
        </p>
      ) : props.codes === undefined ? (
        <p className="loading">{copy.loading}</p>
      ) : shown.length === 0 ? (
        <p className="hint">{copy.none}</p>
      ) : (
        <PickList codes={shown} selected={selected} onToggle={toggle} />
      )}
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="button button-ghost">
            {copy.cancel}
          </button>
        </Dialog.Close>
        <button
          type="button"
          className="button button-primary"
          disabled={chosen.length === 0}
          onClick={() => props.onAdd(chosen)}
        >
          {copy.add(chosen.length)}
        </button>
      </div>
    </>
  );
}
