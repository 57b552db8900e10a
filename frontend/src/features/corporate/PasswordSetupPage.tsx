import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage } from "@/lib/api";
import { passwordRules } from "@/lib/copy";
import { type SetupLinkState, useSetupLinkState, useSetupPassword } from "./api/login";
import { useResendSetup } from "./api/register-trial";
import { corporateCopy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = corporateCopy.setup;

/** The problems of a new password and its confirmation (docs/design/admin-corporate.md §5). */
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

/** /corporate-password-setup?token= (docs/design/admin-corporate.md §2): then sign in. */
export function PasswordSetupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [tried, setTried] = useState(false);
  const setup = useSetupPassword();
  const link = useSetupLinkState(token);
  const problems = setupProblems(password, confirm);
  // 410: the link was used or has expired meanwhile; the server's message says which.
  const gone = setup.error instanceof ApiError && setup.error.status === 410;

  if (gone) {
    return <DeadLink token={token} message={serverMessage(setup.error) ?? ""} newLink="reset" />;
  }
  // Said as the page opens, before a password is typed. A failed check
  // (offline) leaves the form: setting the password says the rest.
  if (link.data !== undefined && link.data.state !== "valid") {
    return <DeadLink token={token} message={link.data.message} newLink={link.data.newLink} />;
  }
  if (link.isPending && token !== "") {
    return (
      <p className="section" role="status">
        {copy.checking}
      </p>
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

/**
 * A link that no longer works: why (the server's message) and the way to a
 * new one. A trial's expired link mails a new one itself, as no account
 * exists yet for the reset page; an account's link goes to the reset page;
 * a trial that has sent all its mails starts again.
 */
function DeadLink(props: { token: string; message: string; newLink: SetupLinkState["newLink"] }) {
  const resend = useResendSetup();
  const accountExists = props.newLink === "reset" || props.newLink === "";
  return (
    <section className="not-found" aria-labelledby="setup-title">
      <h1 id="setup-title">{copy.gone.title}</h1>
      <p role="alert">{props.message}</p>
      {resend.isSuccess ? (
        <p role="status">{copy.gone.sent}</p>
      ) : (
        <div className="pills">
          {accountExists && (
            <Link className="button button-primary" to={paths.corporateLogin}>
              {copy.gone.signIn}
            </Link>
          )}
          {props.newLink === "mail" && (
            <BusyButton
              type="button"
              className="button button-primary"
              busy={resend.isPending}
              busyLabel={copy.gone.sending}
              onClick={() =>
                resend.mutate(
                  { token: props.token },
                  {
                    onError: (error) => toastFailure(error, copy.failed.title, copy.error),
                  },
                )
              }
            >
              {copy.gone.sendNewLink}
            </BusyButton>
          )}
          {props.newLink === "trial" && (
            <Link className="button button-primary" to={paths.corporateTrial}>
              {copy.gone.startAgain}
            </Link>
          )}
          {accountExists && (
            <Link
              className="button button-secondary"
              to={`${paths.resetPassword}?signin=corporate`}
            >
              {copy.gone.newLink}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
