import { useEffect, useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { NewPasswordFields } from "@/components/ui/NewPasswordFields";
import { EmailField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api";
import { isSignInStep, login, storeSession, loadServerData } from "@/lib/auth";
import { passwordRules, toasts } from "@/lib/copy";
import { passwordProblem } from "@/lib/passwords";
import { hasEmergencyData, useEmergencyStore } from "@/stores/emergency";
import { readPendingOrderType, writePendingUser } from "@/stores/pending";
import { useUserStore } from "@/stores/session";
import { useCheckUser } from "./api/check-user";
import { purchaseCopy } from "./copy";

const copy = purchaseCopy.setup;

export function AccountSetupPage() {
  const navigate = useNavigate();
  const data = useEmergencyStore((s) => s.data);
  const user = useUserStore((s) => s.user);
  const [orderType] = useState(readPendingOrderType);
  const ready = hasEmergencyData(data) && orderType !== null;
  const [email, setEmail] = useState(data?.personalInfo.email ?? "");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checkUser = useCheckUser();

  useEffect(() => {
    if (ready) return;
    toast({ ...toasts.missingInformation, variant: "destructive" });
    navigate(paths.home, { replace: true });
  }, [ready, navigate]);

  if (!ready) return null;
  // A signed-in customer has an account already.
  if (user) return <Navigate to={paths.paymentSummary} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = passwordProblem(password, confirm);
    if (problem === "required" || problem === "tooShort") return setError(passwordRules.tooShort);
    if (problem === "mismatch") return setError(passwordRules.mismatch);
    const address = email.trim();
    setBusy(true);
    try {
      let exists: boolean;
      try {
        exists = (await checkUser.mutateAsync({ email: address })).exists;
      } catch (e) {
        console.error("check-user failed", e);
        setError(copy.verifyFailed);
        toast({ ...copy.failed, description: copy.verifyFailed, variant: "destructive" });
        return;
      }
      if (exists) {
        try {
          const response = await login({ email: address, password });
          if (isSignInStep(response)) {
            // The account has a second factor: the sign-in page asks for
            // it, then comes back here.
            navigate(`${paths.login}?return=${encodeURIComponent(paths.accountSetup)}`);
            return;
          }
          storeSession(response);
          void loadServerData(response.user.email);
          writePendingUser({ email: address, password: "", isExisting: true });
        } catch (e) {
          const message =
            e instanceof ApiError ? copy.wrongPassword : toasts.connectionError.description;
          setError(message);
          toast({ ...copy.failed, description: message, variant: "destructive" });
          return;
        }
      } else {
        // Held until payment completes, then the account is created (docs/design/individual.md §4).
        writePendingUser({ email: address, password, isExisting: false });
      }
      navigate(paths.paymentSummary);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={copy.title} intro={copy.intro} onSubmit={onSubmit}>
      <EmailField label={copy.email} value={email} onValueChange={setEmail} />
      <NewPasswordFields
        passwordLabel={copy.password}
        confirmLabel={copy.confirm}
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        hint={copy.existingHint}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <BusyButton
        className="button button-primary button-block"
        busy={busy}
        busyLabel={copy.checking}
      >
        {copy.submit}
      </BusyButton>
      <p className="auth-links">
        <Link to={paths.qrGenerated}>{copy.back}</Link>
      </p>
    </AuthCard>
  );
}
