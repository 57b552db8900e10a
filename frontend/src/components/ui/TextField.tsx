import type { InputHTMLAttributes } from "react";
import { FormField } from "./FormField";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled input with an optional hint and error (see FormField). */
export function TextField(props: TextFieldProps) {
  const { label, hint, error, id, ...input } = props;
  return (
    <FormField label={label} hint={hint} error={error} id={id} required={input.required}>
      {(control) => <input dir="auto" {...control} {...input} />}
    </FormField>
  );
}

/** The e-mail field every sign-in, reset and privacy form asks for. */
export function EmailField(
  props: Omit<TextFieldProps, "type" | "autoComplete" | "onChange"> & {
    onValueChange: (value: string) => void;
  },
) {
  const { onValueChange, ...rest } = props;
  return (
    <TextField
      type="email"
      autoComplete="email"
      required
      {...rest}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}
