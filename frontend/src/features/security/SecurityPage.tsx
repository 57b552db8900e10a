import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { RecoveryCodes } from "@/components/signin/RecoveryCodes";
import { TotpQr } from "@/components/signin/TotpQr";
import { BusyButton } from "@/components/ui/BusyButton";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import type { Wire } from "@/lib/api";
import {
  useAddPasskey,
  useConfirmTotp,
  useEndOtherSessions,
  useEndSession,
  useNewRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
  useSecurity,
  useSessions,
  useStartTotp,
} from "./api";
import { securityCopy as copy } from "./copy";
import { siteLocale } from "@/lib/copy";

const when = (iso: string) => new Date(iso).toLocaleString(siteLocale);

/** /account/security: the account's passkeys, authenticator app, recovery codes and sessions. */
export function SecurityPage() {
  const security = useSecurity();
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const showCodes = (answer: { recoveryCodes?: string[] }) => {
    if (answer.recoveryCodes?.length) setCodes(answer.recoveryCodes);
    else toast({ title: copy.done, variant: "success" });
  };

  return (
    <div className="security-page">
      <div className="page-head">
        <h1>{copy.title}</h1>
        <p className="lead">{copy.intro}</p>
      </div>
      {security.data === null ? (
        <section className="card" aria-labelledby="security-signed-out">
          <h2 id="security-signed-out">{copy.signedOut.title}</h2>
          <p>{copy.signedOut.body}</p>
          <p>
            <Link
              className="button button-primary"
              to={`${paths.login}?return=${paths.accountSecurity}`}
            >
              {copy.signedOut.signIn}
            </Link>
          </p>
        </section>
      ) : security.data ? (
        <>
          {codes && (
            <div className="card">
              <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
            </div>
          )}
          {security.data.secondFactorRequired && <p className="hint">{copy.required}</p>}
          <Passkeys passkeys={security.data.passkeys} onAdded={showCodes} />
          <Totp on={security.data.totp} onAdded={showCodes} />
          <Recovery left={security.data.recoveryCodesLeft} onNew={setCodes} />
          <Sessions />
        </>
      ) : null}
    </div>
  );
}

function Passkeys(props: {
  passkeys: Wire<"PasskeyView">[];
  onAdded: (answer: Wire<"FactorAdded">) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState("");
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const c = copy.passkeys;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName("");
        props.onAdded(answer);
      },
      onError: (error) => toastFailure(error, copy.failed),
    });
  };
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{c.title}</h2>
      <p className="hint">{c.intro}</p>
      {props.passkeys.length === 0 ? (
        <p>{c.none}</p>
      ) : (
        <ul className="security-list">
          {props.passkeys.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.name}</strong>
                <br />
                <span className="hint">
                  {c.added} {when(p.createdAt)} · {c.lastUsed}{" "}
                  {p.lastUsedAt ? when(p.lastUsedAt) : c.never}
                </span>
              </span>
              <button
                type="button"
                className="button button-ghost"
                aria-label={c.removeLabel(p.name)}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(p.id, { onError: (error) => toastFailure(error, copy.failed) })
                }
              >
                {c.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={c.name}
          placeholder={c.namePlaceholder}
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <BusyButton className="button button-primary" busy={add.isPending} busyLabel={c.adding}>
          {c.add}
        </BusyButton>
      </form>
    </section>
  );
}

function Totp(props: { on: boolean; onAdded: (answer: Wire<"FactorAdded">) => void }) {
  const titleId = useId();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();
  const [code, setCode] = useState("");
  const c = copy.totp;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        setCode("");
        start.reset();
        props.onAdded(answer);
      },
      onError: (error) => toastFailure(error, copy.failed),
    });
  };
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{c.title}</h2>
      <p className="hint">{c.intro}</p>
      {props.on ? (
        <>
          <p>{c.on}</p>
          <button
            type="button"
            className="button button-ghost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onError: (e) => toastFailure(e, copy.failed) })
            }
          >
            {c.remove}
          </button>
        </>
      ) : start.data ? (
        <form onSubmit={onSubmit} noValidate>
          <p className="hint">{c.scan}</p>
          <TotpQr url={start.data.otpauthUrl} alt={c.qrAlt} />
          <TextField label={c.key} readOnly value={start.data.secret} />
          <TextField
            label={c.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <BusyButton
            className="button button-primary"
            busy={confirm.isPending}
            busyLabel={c.confirming}
          >
            {c.confirm}
          </BusyButton>
        </form>
      ) : (
        <BusyButton
          type="button"
          className="button button-secondary"
          busy={start.isPending}
          busyLabel={c.confirming}
          onClick={() =>
            start.mutate(undefined, { onError: (error) => toastFailure(error, copy.failed) })
          }
        >
          {c.setUp}
        </BusyButton>
      )}
    </section>
  );
}

function Recovery(props: { left: number; onNew: (codes: readonly string[]) => void }) {
  const titleId = useId();
  const renew = useNewRecoveryCodes();
  const c = copy.recovery;
  const hasFactor = props.left > 0;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{c.title}</h2>
      <p>{hasFactor ? c.left(props.left) : c.none}</p>
      {hasFactor && (
        <>
          <p className="hint">{c.renewHint}</p>
          <BusyButton
            type="button"
            className="button button-secondary"
            busy={renew.isPending}
            busyLabel={c.renew}
            onClick={() =>
              renew.mutate(undefined, {
                onSuccess: (answer) => props.onNew(answer.recoveryCodes),
                onError: (error) => toastFailure(error, copy.failed),
              })
            }
          >
            {c.renew}
          </BusyButton>
        </>
      )}
    </section>
  );
}

function Sessions() {
  const titleId = useId();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const c = copy.sessions;
  const list = sessions.data?.sessions ?? [];
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{c.title}</h2>
      <ul className="security-list">
        {list.map((s) => {
          const device = s.userAgent || c.unknownDevice;
          return (
            <li key={s.id}>
              <span>
                <strong>{device}</strong>
                {s.current && <span className="badge"> {c.current}</span>}
                <br />
                <span className="hint">
                  {c.signedIn} {when(s.createdAt)} · {c.lastSeen} {when(s.lastSeenAt)}
                </span>
              </span>
              {!s.current && (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={c.signOutLabel(device)}
                  disabled={end.isPending}
                  onClick={() =>
                    end.mutate(s.id, { onError: (error) => toastFailure(error, copy.failed) })
                  }
                >
                  {c.signOut}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {list.length > 1 && (
        <BusyButton
          type="button"
          className="button button-secondary"
          busy={endOthers.isPending}
          busyLabel={c.signOutOthers}
          onClick={() =>
            endOthers.mutate(undefined, { onError: (error) => toastFailure(error, copy.failed) })
          }
        >
          {c.signOutOthers}
        </BusyButton>
      )}
    </section>
  );
}
