import { useId, type ReactNode } from "react";

/** What a field's control needs to be tied to its label, hint and error. */
export type ControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

/**
 * A labelled form field with an optional hint and error, wired for screen
 * readers. The control itself (input, select, textarea) is the caller's:
 * spread the given props onto it.
 */
export function FormField(props: {
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** A live note that changes as the person types (a limit counter). */
  counter?: ReactNode;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const id = props.id ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy = [
    props.hint ? hintId : "",
    props.counter ? counterId : "",
    props.error ? errorId : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`field ${props.error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>
        {props.label}
        {props.required && (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {props.children({
        id,
        "aria-invalid": !!props.error,
        "aria-describedby": describedBy || undefined,
        "aria-required": props.required || undefined,
      })}
      {props.hint && (
        <p id={hintId} className="hint">
          {props.hint}
        </p>
      )}
      {props.counter && (
        <p id={counterId} className="hint field-counter" aria-live="polite">
          {props.counter}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
