import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField, TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage } from "@/lib/api";
import { SecondStep } from "@/components/signin/SecondStep";
import { signInStepCopy } from "@/components/signin/copy";
import {
  isAdmin,
  isSignInStep,
  loadServerData,
  passkeySignIn,
  storeSession,
  useLogin,
  type SignedIn,
  type SignInStep,
} from "@/lib/auth";
import { toasts } from "@/lib/copy";
import { isConnectionError } from "@/lib/errors";
import { safeReturnPath } from "@/lib/safeReturn";
import { authCopy } from "./copy";

const copy = authCopy.login;

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const [step, setStep] = useState<SignInStep | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const signedIn = (response: SignedIn) => {
    storeSession(response);
    // Loads in the background; the home form picks the data up when it lands.
    void loadServerData(response.user.email);
    toast({ ...toasts.loginSuccessful, variant: "success" });
    // A page that sent the person here gets them back, an admin too.
    const back = safeReturnPath(params.get("return"));
    navigate(back ?? (isAdmin(response.user) ? paths.admin : paths.home));
  };
  const failed = (error: unknown) => {
    if (isConnectionError(error)) toast({ ...toasts.connectionError, variant: "destructive" });
    // Wrong credentials (401) in the spec's words; otherwise the
    // server's: a corporate account told which page to use (403,
    // docs/design/decisions.md §9 "Corporate"), too many tries (429: trying the right
    // password again would not help).
    else if (error instanceof ApiError)
      toast({
        ...copy.failed,
        description:
          error.status === 401
            ? copy.failed.description
            : (serverMessage(error) ?? copy.failed.description),
        variant: "destructive",
      });
    else if (error instanceof Error && error.name === "NotAllowedError")
      toast({
        ...copy.failed,
        description: signInStepCopy.passkeyCancelled,
        variant: "destructive",
      });
    else toast({ ...toasts.connectionError, title: toasts.error.title, variant: "destructive" });
  };
  const withPasskey = async () => {
    setPasskeyBusy(true);
    try {
      signedIn(await passkeySignIn());
    } catch (error) {
      failed(error);
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "" || password === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (response) => (isSignInStep(response) ? setStep(response) : signedIn(response)),
        onError: failed,
      },
    );
  };

  if (step) return <SecondStep step={step} onSignedIn={signedIn} />;

  return (
    <AuthCard title={copy.title} intro={copy.intro} onSubmit={onSubmit}>
      <EmailField
        label={copy.email}
        value={email}
        onValueChange={setEmail}
        error={missing && email.trim() === "" ? copy.bothRequired : undefined}
      />
      <TextField
        label={copy.password}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing && password === "" ? copy.bothRequired : undefined}
      />
      <BusyButton
        className="button button-primary button-block"
        busy={login.isPending}
        busyLabel={copy.submitting}
      >
        {copy.submit}
      </BusyButton>
      <BusyButton
        type="button"
        className="button button-secondary button-block"
        busy={passkeyBusy}
        busyLabel={signInStepCopy.passkeyAloneBusy}
        onClick={() => void withPasskey()}
      >
        {signInStepCopy.passkeyAlone}
      </BusyButton>
      <p className="auth-links">
        <Link to={paths.resetPassword}>{copy.forgot}</Link>
        <Link to={paths.corporateLogin}>{copy.corporate}</Link>
      </p>
    </AuthCard>
  );
}
