import { passwordRules } from "@/lib/copy";
import { TextField } from "./TextField";

/**
 * A new password and its confirmation, as every page that sets a password
 * asks for them (reset, set from a link, account setup before payment).
 */
export function NewPasswordFields(props: {
  passwordLabel: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPasswordChange: (password: string) => void;
  onConfirmChange: (confirm: string) => void;
  hint?: string;
}) {
  return (
    <>
      <TextField
        label={props.passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordRules.minLength}
        value={props.password}
        onChange={(e) => props.onPasswordChange(e.target.value)}
        hint={props.hint}
      />
      <TextField
        label={props.confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        value={props.confirm}
        onChange={(e) => props.onConfirmChange(e.target.value)}
      />
    </>
  );
}
