import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage } from "@/lib/api";
import { passwordRules } from "@/lib/copy";
import { useSetupPassword } from "./api/login";
import { corporateCopy } from "./copy";

const copy = corporateCopy.setup;

/** The problems of a new password and its confirmation (spec §5). */
export function setupProblems(password: string, confirm: string) {
  return {
    password: password.length < passwordRules.minLength ? copy.tooShort : undefined,
    confirm:
      confirm.length < passwordRules.minLength
        ? copy.confirmRequired
        : password !== confirm
          ? copy.mismatch
          : undefined,
  };
}

/** /corporate-password-setup?token= (spec §2): then sign in. */
export function PasswordSetupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [tried, setTried] = useState(false);
  const setup = useSetupPassword();
  const problems = setupProblems(password, confirm);
  // 410: the link was used or has expired; the server's message says which.
  const gone = setup.error instanceof ApiError && setup.error.status === 410;

  if (gone) {
    return (
      <section className="not-found" aria-labelledby="setup-title">
        <h1 id="setup-title">{copy.gone.title}</h1>
        <p role="alert">{serverMessage(setup.error)}</p>
        <div className="pills">
          <Link className="button button-primary" to={paths.corporateLogin}>
            {copy.gone.signIn}
          </Link>
          <Link className="button button-secondary" to={paths.resetPassword}>
            {copy.gone.newLink}
          </Link>
        </div>
      </section>
    );
  }

  if (token === "") {
    return (
      <section className="not-found" aria-labelledby="setup-title">
        <h1 id="setup-title">{copy.noToken.title}</h1>
        <p role="alert">{copy.noToken.description}</p>
        <Link to={paths.corporateLogin}>{corporateCopy.login.title}</Link>
      </section>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.password || problems.confirm) return;
    setup.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          toast({ title: answer?.message ?? copy.done, variant: "success" });
          navigate(paths.corporateLogin);
        },
        onError: (error) =>
          !(error instanceof ApiError && error.status === 410) &&
          toast({
            title: copy.failed.title,
            description:
              error instanceof ApiError
                ? (serverMessage(error) ?? copy.failed.description)
                : copy.error,
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <AuthCard title={copy.title} intro={copy.intro} onSubmit={onSubmit}>
      <TextField
        label={copy.password}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={tried ? problems.password : undefined}
      />
      <TextField
        label={copy.confirm}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={tried ? problems.confirm : undefined}
      />
      <BusyButton
        className="button button-primary button-block"
        busy={setup.isPending}
        busyLabel={copy.submitting}
      >
        {copy.submit}
      </BusyButton>
    </AuthCard>
  );
}
