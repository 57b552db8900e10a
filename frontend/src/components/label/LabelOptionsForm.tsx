import { useId, useState } from "react";
import {
  customBounds,
  customRatings,
  labelTypes,
  presetSummary,
  settleCustomField,
  type CustomDimensions,
  type LabelOptions,
} from "@/lib/labels";
import { labelCopy as copy } from "./copy";

const customFields: (keyof CustomDimensions)[] = ["width", "height", "count", "cols", "rows"];

/** A number input that may be blank while typing and settles on blur (docs/design/individual.md §5). */
function CustomNumber(props: {
  field: keyof CustomDimensions;
  value: number;
  onSettle: (value: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const bounds = customBounds[props.field];
  return (
    <div className="field">
      <label htmlFor={id}>{copy.custom[props.field]}</label>
      <input
        dir="auto"
        id={id}
        type="number"
        inputMode="decimal"
        min={bounds.min}
        max={bounds.max}
        step={props.field === "width" || props.field === "height" ? "0.1" : "1"}
        value={draft ?? String(props.value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft !== null) props.onSettle(settleCustomField(props.field, draft));
          setDraft(null);
        }}
      />
    </div>
  );
}

/** The label choices (docs/design/individual.md §2), shared by the website and the print station. */
export function LabelOptionsForm(props: {
  value: LabelOptions;
  onChange: (change: Partial<LabelOptions>) => void;
}) {
  const { value, onChange } = props;
  const ids = { paper: useId(), quality: useId(), waterproof: useId() };
  const ratings = customRatings(value.customDimensions);
  const d = value.customDimensions;
  const r = copy.custom.ratings;

  return (
    <div className="label-options">
      <fieldset className="label-types">
        <legend>{copy.typeLegend}</legend>
        {labelTypes.map((type) => (
          <label key={type} className={`choice-card ${value.labelType === type ? "selected" : ""}`}>
            <input
              type="radio"
              name="labelType"
              value={type}
              checked={value.labelType === type}
              onChange={() => onChange({ labelType: type })}
            />
            <span className="choice-name">{copy.types[type].name}</span>
            <span className="choice-detail">
              {type === "custom" ? copy.types.custom.use : presetSummary(type, value.paperSize)}
            </span>
          </label>
        ))}
      </fieldset>

      {value.labelType === "custom" && (
        <fieldset className="custom-size">
          <legend>{copy.custom.legend}</legend>
          <p className="hint">{copy.custom.digitalOnly}</p>
          <div className="custom-grid">
            {customFields.map((field) => (
              <CustomNumber
                key={field}
                field={field}
                value={d[field]}
                onSettle={(v) => onChange({ customDimensions: { ...d, [field]: v } })}
              />
            ))}
          </div>
          <p className={`hint ${ratings.gridMatchesCount ? "" : "hint-warn"}`}>
            {copy.custom.gridHint(d.cols, d.rows, d.count)}
          </p>
          <p className="hint">{copy.custom.minimumAdvice}</p>
          <div className="ratings" aria-live="polite">
            <h4>{copy.custom.ratingsHeading}</h4>
            <ul>
              <li className={ratings.textReadable ? "good" : "warn"}>
                {ratings.textReadable ? r.textGood : r.textPoor}
              </li>
              <li className={ratings.qrOptimal ? "good" : "warn"}>
                {ratings.qrOptimal ? r.qrOptimal : r.qrSmall}
              </li>
              <li className={ratings.layoutBalanced ? "good" : "warn"}>
                {ratings.layoutBalanced ? r.layoutBalanced : r.layoutUnbalanced}
              </li>
              {ratings.ratioExtreme && <li className="bad">{r.ratioExtreme}</li>}
            </ul>
          </div>
        </fieldset>
      )}

      <div className="option-row">
        <div className="field">
          <label htmlFor={ids.paper}>{copy.paperSize}</label>
          <select
            id={ids.paper}
            value={value.paperSize}
            onChange={(e) => onChange({ paperSize: e.target.value as LabelOptions["paperSize"] })}
          >
            <option value="a4">{copy.paper.a4}</option>
            <option value="letter">{copy.paper.letter}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.quality}>{copy.quality}</label>
          <select
            id={ids.quality}
            value={value.printQuality}
            onChange={(e) =>
              onChange({ printQuality: e.target.value as LabelOptions["printQuality"] })
            }
          >
            <option value="high">{copy.qualities.high}</option>
            <option value="standard">{copy.qualities.standard}</option>
          </select>
        </div>
      </div>
      <div className="switch-row">
        <button
          id={ids.waterproof}
          type="button"
          role="switch"
          aria-checked={value.waterproof}
          className="switch"
          onClick={() => onChange({ waterproof: !value.waterproof })}
        >
          <span className="switch-thumb" />
        </button>
        <label htmlFor={ids.waterproof}>
          {copy.waterproof}
          <span className="hint">{copy.waterproofHint}</span>
        </label>
      </div>
    </div>
  );
}
