import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField, TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage } from "@/lib/api";
import { forgotPassword } from "@/lib/copy";
import { SecondStep } from "@/components/signin/SecondStep";
import { isSignInStep, type SignInStep } from "@/lib/auth";
import { safeReturnPath } from "@/lib/safeReturn";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useCorporateLogin } from "./api/login";
import { discoverSSO, ssoStartUrl, type SSODiscovery } from "./api/sso";
import { corporateCopy } from "./copy";
import { validEmail } from "./validation";

const copy = corporateCopy.login;

/** /corporate-login (docs/design/admin-corporate.md §2, §5, §8): the corporate door. */
export function CorporateLoginPage() {
  const navigate = useNavigate();
  const login = useCorporateLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [tried, setTried] = useState(false);
  const [step, setStep] = useState<SignInStep | null>(null);
  const emailError = tried && !validEmail(email) ? copy.emailInvalid : undefined;
  const passwordError = tried && password === "" ? copy.passwordRequired : undefined;
  // Single sign-on: what the address's company offers, looked up when the
  // address is typed, and why a sign-in came back (?sso_error=).
  const [search] = useSearchParams();
  const ssoError = search.get("sso_error");
  const [sso, setSso] = useState<{ email: string; found: SSODiscovery } | null>(null);
  const [ssoBusy, setSsoBusy] = useState(false);
  const [ssoMissing, setSsoMissing] = useState(false);
  const [ssoAsked, setSsoAsked] = useState(false);
  // The Organization Administrator keeps a password when single sign-on
  // is required, in case the provider fails.
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const ssoHere = sso !== null && sso.email === email.trim() ? sso.found : null;
  const lookUp = async (address: string) => {
    if (!validEmail(address)) return null;
    try {
      const found = await discoverSSO(address.trim());
      setSso({ email: address.trim(), found });
      return found;
    } catch {
      return null; // the password form still works
    }
  };
  const signInWithCompany = async () => {
    if (!validEmail(email)) {
      setSsoMissing(true);
      return;
    }
    setSsoMissing(false);
    setSsoAsked(true);
    setSsoBusy(true);
    const found = ssoHere ?? (await lookUp(email));
    if (found?.available) {
      window.location.assign(ssoStartUrl(email.trim()));
      return;
    }
    setSsoBusy(false);
  };

  const signedIn = (organizationId: number | null) => {
    useCorporateMemberStore.getState().signIn({ email: email.trim(), organizationId });
    toast({ title: copy.welcome, variant: "success" });
    // A page that sent the person here (the station's sign-in) gets them back.
    const back = safeReturnPath(search.get("return"));
    navigate(
      back ??
        (organizationId
          ? `${paths.corporateDashboard}/${organizationId}`
          : paths.corporateDashboard),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!validEmail(email) || password === "") return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) =>
          isSignInStep(answer) ? setStep(answer) : signedIn(answer.organizationId ?? null),
        onError: (error) =>
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

  // The second step's answer names no organisation: the dashboard finds it.
  if (step) return <SecondStep step={step} onSignedIn={() => signedIn(null)} />;

  return (
    <AuthCard title={copy.title} intro={copy.intro} onSubmit={onSubmit}>
      {ssoError && (
        <p className="field-error" role="alert">
          {copy.sso.errors[ssoError] ?? copy.sso.errors.provider}
        </p>
      )}
      <EmailField
        label={copy.email}
        value={email}
        onValueChange={setEmail}
        onBlur={() => void lookUp(email)}
        error={emailError ?? (ssoMissing ? copy.emailInvalid : undefined)}
      />
      {ssoHere?.available && (
        <p className="hint" role="status">
          {ssoHere.required ? copy.sso.required : copy.sso.available}
        </p>
      )}
      {ssoAsked && ssoHere && !ssoHere.available && (
        <p className="hint" role="status">
          {copy.sso.unavailable}
        </p>
      )}
      {(!ssoHere?.required || passwordAnyway) && (
        <>
          <TextField
            label={copy.password}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError}
          />
          <BusyButton
            className="button button-primary button-block"
            busy={login.isPending}
            busyLabel={copy.submitting}
          >
            {copy.submit}
          </BusyButton>
          <p className="auth-or">{copy.sso.or}</p>
        </>
      )}
      <BusyButton
        type="button"
        className={`button ${ssoHere?.required ? "button-primary" : "button-secondary"} button-block`}
        busy={ssoBusy}
        busyLabel={copy.sso.checking}
        onClick={() => void signInWithCompany()}
      >
        {copy.sso.button}
      </BusyButton>
      {ssoHere?.required && !passwordAnyway && (
        <button
          type="button"
          className="button button-ghost button-block"
          onClick={() => setPasswordAnyway(true)}
        >
          {copy.sso.ownerPassword}
        </button>
      )}
      <p className="auth-links">
        <Link to={`${paths.resetPassword}?signin=corporate`}>{forgotPassword}</Link>
        <Link to={paths.corporateRegister}>{copy.create}</Link>
        <Link to={paths.login}>{copy.individual}</Link>
      </p>
    </AuthCard>
  );
}
