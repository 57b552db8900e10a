import { toast } from "@/components/ui/toast-store";
import { passwordRules } from "@/lib/copy";
import { passwordProblem } from "@/lib/passwords";
import { authCopy } from "./copy";

/**
 * Checks a new password and its confirmation (docs/design/individual.md §5) and, when one is
 * wrong, says so in a toast. True when the password may be sent.
 */
export function newPasswordAccepted(password: string, confirm: string): boolean {
  const problem = passwordProblem(password, confirm);
  if (problem === "required") toast({ ...authCopy.passwordRequired, variant: "destructive" });
  if (problem === "tooShort")
    toast({
      title: passwordRules.tooShort,
      description: authCopy.passwordTooShortDetail,
      variant: "destructive",
    });
  if (problem === "mismatch")
    toast({
      title: passwordRules.mismatch,
      description: authCopy.passwordMismatchDetail,
      variant: "destructive",
    });
  return problem === null;
}
