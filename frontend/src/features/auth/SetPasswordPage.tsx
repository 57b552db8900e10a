import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { NewPasswordFields } from "@/components/ui/NewPasswordFields";
import { toast } from "@/components/ui/toast-store";
import { validAddress } from "@/lib/emergency/mailbox";
import { useSetPassword } from "./api/set-password";
import { authCopy } from "./copy";
import { newPasswordAccepted } from "./newPasswordToast";
import { toastFailure } from "@/components/ui/toastFailure";
import { toasts } from "@/lib/copy";

const copy = authCopy.setPassword;

/** Set a password from an e-mailed link (?email=&token=); a bad link goes home. */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  const valid = validAddress(email) && token !== "";
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
    if (!newPasswordAccepted(password, confirm)) return;
    setPasswordCall.mutate(
      { email, token, password },
      {
        onSuccess: (response) => {
          toast({ title: response?.message ?? copy.done, variant: "success" });
          navigate(paths.login);
        },
        onError: (error) =>
          toastFailure(error, copy.failed.title, undefined, toasts.connectionError.description),
      },
    );
  };

  return (
    <AuthCard title={copy.title} intro={copy.intro(email)} onSubmit={onSubmit}>
      <NewPasswordFields
        passwordLabel={copy.password}
        confirmLabel={copy.confirm}
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        hint={authCopy.passwordTooShortDetail}
      />
      <BusyButton
        className="button button-primary button-block"
        busy={setPasswordCall.isPending}
        busyLabel={copy.saving}
      >
        {copy.save}
      </BusyButton>
    </AuthCard>
  );
}
