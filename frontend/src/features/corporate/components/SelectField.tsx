import { FormField } from "@/components/ui/FormField";

/** A labelled select of [value, label] options, with an optional hint and the spec's error. */
export function SelectField(props: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  placeholder?: string;
  required?: boolean;
  hint?: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={props.label} required={props.required} hint={props.hint} error={props.error}>
      {(control) => (
        <select {...control} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
