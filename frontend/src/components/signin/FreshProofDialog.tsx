import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/BusyButton";
import { DialogContent } from "@/components/ui/DialogContent";
import { TextField } from "@/components/ui/TextField";
import { ApiError, getJsonOrNullOn401, serverMessage, type Wire } from "@/lib/api";
import { confirmIdentity, confirmIdentityWithPasskey } from "@/lib/auth";
import { toasts } from "@/lib/copy";
import { signInStepCopy } from "./copy";
import { useFreshProofStore } from "./fresh-proof";

const c = signInStepCopy.freshProof;

/**
 * Asks the signed-in person to prove again who they are when a change
 * needs it (withFreshProof); mounted once, in the site's layout.
 */
export function FreshProofDialog() {
  const open = useFreshProofStore((s) => s.answer !== null);
  const settle = useFreshProofStore((s) => s.settle);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && settle(false)}>
      <DialogContent className="dialog dialog-small">
        <Dialog.Title>{c.title}</Dialog.Title>
        <Dialog.Description>{c.intro}</Dialog.Description>
        <ProofForm onProved={() => settle(true)} />
      </DialogContent>
    </Dialog.Root>
  );
}

/** Why a proof failed, in words to show beside the form. */
function failure(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError") {
    return signInStepCopy.passkeyCancelled;
  }
  if (error instanceof ApiError) return serverMessage(error) ?? c.failed;
  return toasts.serverUnreachable.description;
}

function ProofForm(props: { onProved: () => void }) {
  // The account's factors decide the other ways offered; until they are
  // known, the password is.
  const security = useQuery({
    queryKey: ["account", "security"],
    queryFn: () => getJsonOrNullOn401<Wire<"AccountSecurity">>("/api/account/security"),
  });
  const hasTotp = security.data?.totp === true;
  const hasPasskey = (security.data?.passkeys.length ?? 0) > 0;
  const [method, setMethod] = useState<"password" | "totp">("password");
  const [secret, setSecret] = useState("");
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"form" | "passkey" | null>(null);

  const run = async (which: "form" | "passkey", call: () => Promise<unknown>) => {
    setBusy(which);
    setError(null);
    try {
      await call();
      props.onProved();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (secret.trim() === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    void run("form", () => confirmIdentity(method, method === "totp" ? secret.trim() : secret));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {hasPasskey && (
        <BusyButton
          type="button"
          className="button button-secondary button-block"
          busy={busy === "passkey"}
          busyLabel={c.passkeyBusy}
          onClick={() => void run("passkey", confirmIdentityWithPasskey)}
        >
          {c.passkey}
        </BusyButton>
      )}
      <TextField
        key={method}
        label={method === "password" ? c.password : c.totp}
        type={method === "password" ? "password" : "text"}
        autoComplete={method === "password" ? "current-password" : "one-time-code"}
        inputMode={method === "password" ? undefined : "numeric"}
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={missing ? c.required : undefined}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {hasTotp && (
        <p>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setMethod(method === "password" ? "totp" : "password");
              setSecret("");
              setError(null);
            }}
          >
            {method === "password" ? c.useTotp : c.usePassword}
          </button>
        </p>
      )}
      <div className="dialog-actions">
        <Dialog.Close type="button" className="button button-secondary">
          {c.cancel}
        </Dialog.Close>
        <BusyButton
          className="button button-primary"
          busy={busy === "form"}
          busyLabel={c.submitting}
        >
          {c.submit}
        </BusyButton>
      </div>
    </form>
  );
}
