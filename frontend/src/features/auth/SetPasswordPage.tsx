import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { NewPasswordFields } from "@/components/ui/NewPasswordFields";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { passwordRules } from "@/lib/copy";
import { passwordProblem } from "@/lib/passwords";
import { useSetPassword } from "./api/set-password";
import { authCopy } from "./copy";

const copy = authCopy.setPassword;

/** Set a password from an e-mailed link (?email=&token=); a bad link goes home. */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  const valid = email.includes("@") && token !== "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const setPasswordCall = useSetPassword();

  useEffect(() => {
    if (valid) return;
    toast({ ...copy.invalidLink, variant: "destructive" });
    navigate(paths.home, { replace: true });
  }, [valid, navigate]);

  if (!valid) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, confirm);
    if (problem === "required" || problem === "tooShort")
      return toast({
        title: passwordRules.tooShort,
        description: authCopy.passwordTooShortDetail,
        variant: "destructive",
      });
    if (problem === "mismatch")
      return toast({
        title: passwordRules.mismatch,
        description: authCopy.passwordMismatchDetail,
        variant: "destructive",
      });
    setPasswordCall.mutate(
      { email, token, password },
      {
        onSuccess: (response) => {
          toast({ title: response?.message ?? copy.done, variant: "success" });
          navigate(paths.login);
        },
        onError: (error) =>
          toast({
            ...copy.failed,
            description: serverMessage(error) ?? undefined,
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <div className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate aria-labelledby="setpw-title">
        <h1 id="setpw-title">{copy.title}</h1>
        <p className="hint">{copy.intro(email)}</p>
        <NewPasswordFields
          passwordLabel={copy.password}
          confirmLabel={copy.confirm}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          hint={authCopy.passwordTooShortDetail}
        />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={setPasswordCall.isPending}
        >
          {setPasswordCall.isPending ? copy.saving : copy.save}
        </button>
      </form>
    </div>
  );
}
