import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField, TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage } from "@/lib/api";
import { forgotPassword } from "@/lib/copy";
import { SecondStep } from "@/components/signin/SecondStep";
import { isSignInStep, type SignInStep } from "@/lib/auth";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useCorporateLogin } from "./api/login";
import { corporateCopy } from "./copy";
import { validEmail } from "./validation";

const copy = corporateCopy.login;

/** /corporate-login (spec §2, §5, §8): the corporate door. */
export function CorporateLoginPage() {
  const navigate = useNavigate();
  const login = useCorporateLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [tried, setTried] = useState(false);
  const [step, setStep] = useState<SignInStep | null>(null);
  const emailError = tried && !validEmail(email) ? copy.emailInvalid : undefined;
  const passwordError = tried && password === "" ? copy.passwordRequired : undefined;

  const signedIn = (organizationId: number | null) => {
    useCorporateMemberStore.getState().signIn({ email: email.trim(), organizationId });
    toast({ title: copy.welcome, variant: "success" });
    navigate(
      organizationId ? `${paths.corporateDashboard}/${organizationId}` : paths.corporateDashboard,
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
      <EmailField label={copy.email} value={email} onValueChange={setEmail} error={emailError} />
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
      <p className="auth-links">
        <Link to={`${paths.resetPassword}?signin=corporate`}>{forgotPassword}</Link>
        <Link to={paths.corporateRegister}>{copy.create}</Link>
        <Link to={paths.login}>{copy.individual}</Link>
      </p>
    </AuthCard>
  );
}
