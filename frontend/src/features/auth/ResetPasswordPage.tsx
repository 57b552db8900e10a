import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { NewPasswordFields } from "@/components/ui/NewPasswordFields";
import { EmailField, TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { toasts } from "@/lib/copy";
import { useRequestReset } from "./api/request-reset";
import { useResetPassword } from "./api/reset-password";
import { authCopy } from "./copy";
import { newPasswordAccepted } from "./newPasswordToast";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = authCopy.reset;

/** Request step, then the new-password step; ?token= skips to the second (docs/design/individual.md §2). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get("token") ?? "");
  // A corporate account's link (and the corporate sign-in's own "Forgot
  // your password?") says so: /login refuses a corporate password.
  const corporate = params.get("signin") === "corporate";
  const signInPath = corporate ? paths.corporateLogin : paths.login;
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
          toastFailure(
            error,
            copy.requestFailed.title,
            copy.requestFailed.description,
            toasts.connectionError.description,
          ),
      },
    );
  };

  const onReset = (event: FormEvent) => {
    event.preventDefault();
    if (!newPasswordAccepted(password, confirm)) return;
    reset.mutate(
      { token: token.trim(), newPassword: password, email: email.trim() || undefined },
      {
        onSuccess: (response) => {
          toast({ title: response?.message ?? copy.done, variant: "success" });
          navigate(signInPath);
        },
        onError: () => toast({ ...copy.resetFailed, variant: "destructive" }),
      },
    );
  };

  return step === "request" ? (
    <AuthCard
      title={copy.title}
      intro={corporate ? copy.corporateRequestIntro : copy.requestIntro}
      onSubmit={onRequest}
    >
      <EmailField label={copy.email} value={email} onValueChange={setEmail} />
      <BusyButton
        className="button button-primary button-block"
        busy={request.isPending}
        busyLabel={copy.sending}
      >
        {copy.send}
      </BusyButton>
      {sent && (
        <p className="note note-blue" role="status">
          {copy.sent}
        </p>
      )}
      <p className="auth-links">
        <Link to={signInPath}>{copy.backToLogin}</Link>
      </p>
    </AuthCard>
  ) : (
    <AuthCard title={copy.setTitle} onSubmit={onReset}>
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
      />
      <BusyButton
        className="button button-primary button-block"
        busy={reset.isPending}
        busyLabel={copy.saving}
      >
        {copy.save}
      </BusyButton>
      <p className="auth-links">
        <Link to={signInPath}>{copy.backToLogin}</Link>
      </p>
    </AuthCard>
  );
}
