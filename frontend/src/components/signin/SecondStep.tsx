import { useState, type FormEvent } from "react";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage, type Wire } from "@/lib/api";
import {
  finishSetUpPasskey,
  finishSetUpTotp,
  secondFactorCode,
  secondFactorPasskey,
  setUpStepTotp,
  type SignedIn,
  type SignInStep,
} from "@/lib/auth";
import { signInStepCopy } from "./copy";
import { RecoveryCodes } from "./RecoveryCodes";
import { TotpQr } from "./TotpQr";

const copy = signInStepCopy;

function failed(error: unknown) {
  const cancelled = error instanceof Error && error.name === "NotAllowedError";
  toast({
    title: copy.failed.title,
    description: cancelled
      ? copy.passkeyCancelled
      : error instanceof ApiError
        ? (serverMessage(error) ?? undefined)
        : undefined,
    variant: "destructive",
  });
}

/**
 * The step after a right password: the account's second factor, or setting
 * one up where it must have one. onSignedIn runs once the session exists
 * (after the new recovery codes were shown, when there are some).
 */
export function SecondStep(props: { step: SignInStep; onSignedIn: (answer: SignedIn) => void }) {
  const [done, setDone] = useState<SignedIn | null>(null);
  const finish = (answer: SignedIn) => {
    if (answer.recoveryCodes?.length) setDone(answer);
    else props.onSignedIn(answer);
  };
  if (done?.recoveryCodes) {
    return (
      <div className="auth-page">
        <div className="card auth-card">
          <RecoveryCodes codes={done.recoveryCodes} onDone={() => props.onSignedIn(done)} />
        </div>
      </div>
    );
  }
  return props.step.step === "second-factor" ? (
    <SecondFactor methods={props.step.methods} onDone={finish} />
  ) : (
    <SetUp onDone={finish} />
  );
}

function SecondFactor(props: {
  methods: SignInStep["methods"];
  onDone: (answer: SignedIn) => void;
}) {
  const hasTotp = props.methods.includes("totp");
  const hasRecovery = props.methods.includes("recovery-code");
  const [method, setMethod] = useState<"totp" | "recovery-code">(
    hasTotp ? "totp" : "recovery-code",
  );
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const c = copy.secondFactor;

  const run = async (which: "code" | "passkey", call: () => Promise<SignedIn>) => {
    setBusy(which);
    try {
      props.onDone(await call());
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    void run("code", () => secondFactorCode(method, code.trim()));
  };
  const showCode = hasTotp || hasRecovery;

  return (
    <AuthCard title={c.title} intro={c.intro} onSubmit={onSubmit}>
      {props.methods.includes("passkey") && (
        <BusyButton
          type="button"
          className="button button-primary button-block"
          busy={busy === "passkey"}
          busyLabel={c.passkeyBusy}
          onClick={() => void run("passkey", secondFactorPasskey)}
        >
          {c.passkey}
        </BusyButton>
      )}
      {showCode && (
        <>
          <TextField
            label={method === "totp" ? c.totp : c.recovery}
            inputMode={method === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={missing ? c.codeRequired : undefined}
          />
          <BusyButton
            className="button button-secondary button-block"
            busy={busy === "code"}
            busyLabel={c.submitting}
          >
            {c.submit}
          </BusyButton>
          {hasTotp && hasRecovery && (
            <p className="auth-links">
              <button
                type="button"
                className="button button-ghost"
                onClick={() => {
                  setMethod(method === "totp" ? "recovery-code" : "totp");
                  setCode("");
                }}
              >
                {method === "totp" ? c.useRecovery : c.useTotp}
              </button>
            </p>
          )}
        </>
      )}
    </AuthCard>
  );
}

function SetUp(props: { onDone: (answer: SignedIn) => void }) {
  const [totp, setTotp] = useState<Wire<"TOTPSetUp"> | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState<"totp" | "passkey" | "code" | null>(null);
  const c = copy.setUp;

  const run = async <T,>(which: typeof busy, call: () => Promise<T>, then: (v: T) => void) => {
    setBusy(which);
    try {
      then(await call());
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (totp && code.trim() !== "")
      void run("code", () => finishSetUpTotp(code.trim()), props.onDone);
  };

  return (
    <AuthCard title={c.title} intro={c.intro} onSubmit={onSubmit}>
      <BusyButton
        type="button"
        className="button button-primary button-block"
        busy={busy === "passkey"}
        busyLabel={c.passkeyBusy}
        onClick={() => void run("passkey", () => finishSetUpPasskey("Passkey"), props.onDone)}
      >
        {c.passkey}
      </BusyButton>
      {!totp ? (
        <BusyButton
          type="button"
          className="button button-secondary button-block"
          busy={busy === "totp"}
          busyLabel={c.submitting}
          onClick={() => void run("totp", setUpStepTotp, setTotp)}
        >
          {c.totp}
        </BusyButton>
      ) : (
        <>
          <p className="hint">{c.scan}</p>
          <TotpQr url={totp.otpauthUrl} alt={c.qrAlt} />
          <TextField label={c.key} readOnly value={totp.secret} />
          <TextField
            label={c.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <BusyButton
            className="button button-primary button-block"
            busy={busy === "code"}
            busyLabel={c.submitting}
          >
            {c.submit}
          </BusyButton>
        </>
      )}
    </AuthCard>
  );
}
