import { useMemo, useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import type { LibraryCode, Project } from "./api";
import { batchCopy } from "./copy";
import { pickable, type ProjectFilter } from "./picker";

const copy = batchCopy.picker;

/**
 * 'Add from Library' (spec §4): search, project filter, select all or
 * none; codes already queued (by name) are not listed; Add is disabled
 * while nothing is selected.
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

function PickerBody(props: Parameters<typeof LibraryPicker>[0]) {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ProjectFilter>("all");
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const shown = useMemo(
    () => pickable(props.codes ?? [], props.queuedNames, search, filter),
    [props.codes, props.queuedNames, search, filter],
  );
  // What is selected but filtered out is not added: Add takes what is seen.
  const chosen = shown.filter((c) => selected.has(c.id));

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
      </div>
      <div className="batch-picker-bulk">
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => setSelected(new Set(shown.map((c) => c.id)))}
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
        <ul className="batch-picker-list" aria-label={copy.title}>
          {shown.map((c) => (
            <li key={c.id}>
              <label>
                <input type="checkbox" checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
                <span>
                  <strong>{c.name}</strong>
                  <span className="hint"> · {c.projectName || batchCopy.queue.noProject}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
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
