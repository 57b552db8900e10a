import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { NewPasswordFields } from "@/components/ui/NewPasswordFields";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { passwordRules, toasts } from "@/lib/copy";
import { passwordProblem } from "@/lib/passwords";
import { useRequestReset } from "./api/request-reset";
import { useResetPassword } from "./api/reset-password";
import { authCopy } from "./copy";

const copy = authCopy.reset;

/** Request step, then the new-password step; ?token= skips to the second (spec §2). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get("token") ?? "");
  const [step, setStep] = useState<"request" | "set">(params.get("token") ? "set" : "request");
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [sent, setSent] = useState(false);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const request = useRequestReset();
  const reset = useResetPassword();

  const onRequest = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "") {
      toast({ ...toasts.emailRequired, description: copy.emailRequired, variant: "destructive" });
      return;
    }
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: (response) => {
          setSent(true);
          // Development mode hands the token back instead of mailing it.
          if (response?.resetToken) {
            setToken(response.resetToken);
            setStep("set");
          }
        },
        onError: (error) =>
          toast({
            ...copy.requestFailed,
            description: serverMessage(error) ?? copy.requestFailed.description,
            variant: "destructive",
          }),
      },
    );
  };

  const onReset = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, confirm);
    if (problem === "required") return toast({ ...copy.passwordRequired, variant: "destructive" });
    if (problem === "tooShort")
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
    reset.mutate(
      { token: token.trim(), newPassword: password, email: email.trim() || undefined },
      {
        onSuccess: (response) => {
          toast({ title: response?.message ?? copy.done, variant: "success" });
          navigate(paths.login);
        },
        onError: () => toast({ ...copy.resetFailed, variant: "destructive" }),
      },
    );
  };

  return (
    <div className="auth-page">
      {step === "request" ? (
        <form
          className="card auth-card"
          onSubmit={onRequest}
          noValidate
          aria-labelledby="reset-title"
        >
          <h1 id="reset-title">{copy.title}</h1>
          <p className="hint">{copy.requestIntro}</p>
          <TextField
            label={copy.email}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={request.isPending}
          >
            {request.isPending ? copy.sending : copy.send}
          </button>
          {sent && (
            <p className="note note-blue" role="status">
              {copy.sent}
            </p>
          )}
          <p className="auth-links">
            <Link to={paths.login}>{copy.backToLogin}</Link>
          </p>
        </form>
      ) : (
        <form className="card auth-card" onSubmit={onReset} noValidate aria-labelledby="set-title">
          <h1 id="set-title">{copy.setTitle}</h1>
          {!params.get("token") && (
            <TextField
              label={copy.token}
              required
              value={token}
              onChange={(e) => setToken(e.target.value)}
              autoComplete="one-time-code"
            />
          )}
          <NewPasswordFields
            passwordLabel={copy.newPassword}
            confirmLabel={copy.confirm}
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
            hint={authCopy.passwordTooShortDetail}
            minLength={passwordRules.minLength}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={reset.isPending}
          >
            {reset.isPending ? copy.saving : copy.save}
          </button>
          <p className="auth-links">
            <Link to={paths.login}>{copy.backToLogin}</Link>
          </p>
        </form>
      )}
    </div>
  );
}
