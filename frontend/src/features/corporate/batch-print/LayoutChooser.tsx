import { useState, type FormEvent } from "react";
import {
  namesList,
  paperName,
  suggestedLayouts,
  useBatchLayouts,
  useCatalogueSearch,
  type BatchFit,
  type LabelLayout,
} from "./api";
import { batchCopy } from "./copy";

const copy = batchCopy.layout;

/**
 * The label sheet: the spec's four layouts, the product presets, or any
 * sheet of the catalogue found by a search; and the start position on a
 * partly used first sheet. A layout or catalogue sheet that cannot hold
 * every queued code says so in the list, and when chosen names the codes
 * and the layouts on the organisation's paper that hold them.
 */
export function LayoutChooser(props: {
  /** The organisation's paper ("a4", "letter"); undefined where unknown (offline station). */
  organizationPaper?: string;
  layout: LabelLayout | null;
  onLayout: (layout: LabelLayout) => void;
  start: number;
  onStart: (start: number) => void;
  /**
   * Per named layout and catalogue sheet found, the queued codes too
   * dense for it (unknown until the server answers).
   */
  fit?: BatchFit;
  /** The catalogue search asked (the page asks which found sheets hold the queue). */
  query: string;
  onQuery: (query: string) => void;
  /** A queued code's name. */
  nameOf?: (codeId: number) => string;
}) {
  const layouts = useBatchLayouts();
  const [draft, setDraft] = useState(props.query);
  const query = props.query;
  const [startDraft, setStartDraft] = useState<string | null>(null);
  const found = useCatalogueSearch(query);
  const named = layouts.data ?? [];
  const catalogue = [...(found.data ?? [])];
  const chosen = props.layout;
  // A catalogue sheet chosen from an earlier search stays on the list.
  if (
    chosen &&
    !named.some((l) => l.id === chosen.id) &&
    !catalogue.some((l) => l.id === chosen.id)
  ) {
    catalogue.unshift(chosen);
  }
  const everything = [...named, ...catalogue];
  const orgPaper = props.organizationPaper ? copy.papers[props.organizationPaper] : undefined;
  const refusedOn = (l: LabelLayout) => props.fit?.get(l.id) ?? [];
  const marked = (l: LabelLayout, label: string) => {
    const refused = refusedOn(l).length;
    return refused > 0 ? copy.cannotHold(label, refused) : label;
  };
  const option = (l: LabelLayout) => marked(l, copy.withPaper(l.name, paperName(l)));
  const refused = chosen ? refusedOn(chosen) : [];
  const holding = suggestedLayouts(named, props.fit, props.organizationPaper);
  const refusedNames = namesList(refused.map((id) => props.nameOf?.(id) ?? String(id)));

  const search = (event: FormEvent) => {
    event.preventDefault();
    props.onQuery(draft.trim());
  };

  return (
    <section className="card batch-layout" aria-labelledby="batch-layout-title">
      <h2 id="batch-layout-title">{copy.title}</h2>
      {orgPaper && <p className="hint">{copy.organisationPaper(orgPaper)}</p>}
      <div className="field">
        <label htmlFor="batch-layout">{copy.named}</label>
        <select
          id="batch-layout"
          value={chosen?.id ?? ""}
          onChange={(e) => {
            const next = everything.find((l) => l.id === e.target.value);
            if (next) props.onLayout(next);
          }}
        >
          <optgroup label={copy.specGroup}>
            {named
              .filter((l) => !l.id.startsWith("preset-"))
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {option(l)}
                </option>
              ))}
          </optgroup>
          <optgroup label={copy.presetGroup}>
            {named
              .filter((l) => l.id.startsWith("preset-"))
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {option(l)}
                </option>
              ))}
          </optgroup>
          {catalogue.length > 0 && (
            <optgroup label={copy.catalogueGroup}>
              {catalogue.map((l) => (
                <option key={l.id} value={l.id}>
                  {marked(
                    l,
                    copy.withPaper(
                      `${l.name} (${l.labelWidth.toFixed(1)} × ${l.labelHeight.toFixed(1)} mm, ${l.perSheet})`,
                      paperName(l),
                    ),
                  )}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {refused.length > 0 && (
          <p className="hint hint-warn" role="status">
            {holding.length > 0
              ? copy.tooDense(refusedNames, holding.join("; "))
              : copy.tooDenseEverywhere(refusedNames)}
          </p>
        )}
      </div>
      <form className="batch-catalogue-search" onSubmit={search} role="search">
        <div className="field">
          <label htmlFor="batch-catalogue-q">{copy.search}</label>
          <input
            dir="auto"
            id="batch-catalogue-q"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <button type="submit" className="button button-secondary">
          {copy.searchButton}
        </button>
      </form>
      {query !== "" && found.data?.length === 0 && <p className="hint">{copy.noMatch}</p>}
      {chosen && (
        <>
          <p className="batch-paper">
            {copy.paperLabel}: <strong>{paperName(chosen)}</strong>
          </p>
          <p className="hint">
            {copy.size(chosen.labelWidth, chosen.labelHeight)} ·{" "}
            {copy.grid(chosen.cols, chosen.rows)} · {copy.perSheet(chosen.perSheet)}
          </p>
          <div className="field">
            <label htmlFor="batch-start">{copy.start}</label>
            <input
              dir="auto"
              id="batch-start"
              type="number"
              min={1}
              max={chosen.perSheet}
              step={1}
              value={startDraft ?? String(props.start)}
              onChange={(e) => {
                // What is typed stays as typed ("2" on its way to "28");
                // only a whole number on the sheet is taken.
                setStartDraft(e.target.value);
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= 1 && n <= chosen.perSheet) props.onStart(n);
              }}
              onBlur={() => setStartDraft(null)}
            />
            <p className="hint">{copy.startHint(chosen.perSheet)}</p>
          </div>
        </>
      )}
    </section>
  );
}
