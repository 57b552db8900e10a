// Password rules (docs/design/individual.md §5): at least 6 characters, typed the same twice.
import { passwordRules } from "@/lib/copy";

export type PasswordProblem = "required" | "tooShort" | "mismatch" | null;

export function passwordProblem(password: string, confirm: string): PasswordProblem {
  if (password === "") return "required";
  if (password.length < passwordRules.minLength) return "tooShort";
  if (password !== confirm) return "mismatch";
  return null;
}
