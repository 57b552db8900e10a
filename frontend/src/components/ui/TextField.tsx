import { useId, type InputHTMLAttributes } from "react";

/** A labelled input with an optional hint and error, wired for screen readers. */
export function TextField(
  props: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string },
) {
  const { label, hint, error, id: givenId, ...input } = props;
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {input.required && (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        aria-invalid={!!error}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
