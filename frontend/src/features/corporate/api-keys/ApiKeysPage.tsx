import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { CopyField } from "@/components/ui/CopyField";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { serverMessage } from "@/lib/api";
import { AccessDenied } from "../components/AccessDenied";
import { SelectField } from "../components/SelectField";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey } from "./api";
import { apiKeysCopy as copy } from "./copy";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const date = (iso: string | null) => (iso ? dateFormat.format(Date.parse(iso)) : "");

/** /corporate/api-keys(/{orgId}): members list the keys; the owner creates and revokes them. */
export function ApiKeysPage() {
  const orgId = useOrganizationId();
  const keys = useApiKeys(orgId ?? null);
  if (orgId === undefined || (orgId !== null && keys.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null || !keys.data)
    return <AccessDenied error={keys.error} onRetry={() => void keys.refetch()} />;
  return <KeysView orgId={orgId} keys={keys.data.keys} manage={keys.data.manage} />;
}

/** manage: the server's word that this reader may create and revoke (never a role check here). */
function KeysView(props: { orgId: number; keys: ApiKey[]; manage: boolean }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey(props.orgId);
  return (
    <div className="section corporate-page api-keys-page">
      <div className="page-head page-head-row">
        <h1>{copy.title}</h1>
        <div className="pills">
          {props.manage && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setCreating(true)}
            >
              {copy.create}
            </button>
          )}
          <Link className="button button-ghost" to={`${paths.corporateDashboard}/${props.orgId}`}>
            {copy.back}
          </Link>
        </div>
      </div>
      <p className="hint">{copy.intro}</p>
      {!props.manage && <p className="hint">{copy.readOnly}</p>}
      <section className="card">
        {props.keys.length === 0 ? (
          <p className="hint">{copy.none}</p>
        ) : (
          <div className="table-scroll">
            <table className="analytics-table stack-table">
              <thead>
                <tr>
                  <th scope="col">{copy.name}</th>
                  {Object.values(copy.columns).map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                  {props.manage && (
                    <th scope="col">
                      <span className="visually-hidden">{copy.revoke}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {props.keys.map((k) => (
                  <tr key={k.id}>
                    <th scope="row">{k.name}</th>
                    <td data-label={copy.columns.prefix}>
                      <code>{k.prefix}…</code>
                    </td>
                    <td data-label={copy.columns.scope}>{copy.scopes[k.scope] ?? k.scope}</td>
                    <td data-label={copy.columns.created}>{date(k.createdAt)}</td>
                    <td data-label={copy.columns.lastUsed}>
                      {k.lastUsedAt ? date(k.lastUsedAt) : copy.notUsed}
                    </td>
                    <td data-label={copy.columns.expires}>
                      {k.expiresAt ? date(k.expiresAt) : copy.never}
                    </td>
                    <td data-label={copy.columns.status}>{copy.status[k.status] ?? k.status}</td>
                    {props.manage && (
                      <td>
                        {k.status === "active" && (
                          <button
                            type="button"
                            className="button button-small button-danger-outline"
                            onClick={() => setRevoking(k)}
                            aria-label={`${copy.revoke} ${k.name}`}
                          >
                            {copy.revoke}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <CreateKeyDialog orgId={props.orgId} open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={copy.revokeTitle}
        description={copy.revokeDescription(revoking?.name ?? "")}
        confirmLabel={copy.revoke}
        cancelLabel={copy.cancel}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => toast({ title: copy.revoked, variant: "success" }),
            onError: (error) =>
              toast({
                title: copy.failed,
                description: serverMessage(error) ?? undefined,
                variant: "destructive",
              }),
          })
        }
      />
    </div>
  );
}

function CreateKeyDialog(props: { orgId: number; open: boolean; onClose: () => void }) {
  // Mounted afresh each time it opens, so it starts empty.
  return props.open ? <CreateKeyForm orgId={props.orgId} onClose={props.onClose} /> : null;
}

/** The end of the chosen day, in the reader's time zone, as the server wants it. */
function endOfDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}

function CreateKeyForm(props: { orgId: number; onClose: () => void }) {
  const create = useCreateApiKey(props.orgId);
  const [name, setName] = useState("");
  const [scope, setScope] = useState("read");
  const [expiry, setExpiry] = useState("");
  const [tried, setTried] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // A typed name, scope or expiry is asked for before Escape, Cancel or leaving the page.
  const guard = useDiscardGuard(
    secret === null && (name.trim() !== "" || scope !== "read" || expiry !== ""),
  );
  const shell = (body: ReactNode) => (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">{body}</DialogContent>
    </Dialog.Root>
  );

  if (secret) {
    return shell(
      <>
        <Dialog.Title>{copy.created}</Dialog.Title>
        <Dialog.Description>{copy.createdOnce}</Dialog.Description>
        <SecretShare secret={secret} />
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={props.onClose}>
            {copy.done}
          </button>
        </div>
      </>,
    );
  }
  const nameError = tried && name.trim() === "" ? copy.nameRequired : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (name.trim() === "") return;
    create.mutate(
      { name: name.trim(), scope, expiresAt: expiry === "" ? null : endOfDay(expiry) },
      {
        onSuccess: (answer) => setSecret(answer.secret),
        onError: (error) =>
          toast({
            title: copy.failed,
            description: serverMessage(error) ?? undefined,
            variant: "destructive",
          }),
      },
    );
  };
  return shell(
    <form onSubmit={submit} noValidate>
      <Dialog.Title>{copy.create}</Dialog.Title>
      <Dialog.Description className="visually-hidden">{copy.intro}</Dialog.Description>
      <TextField
        label={copy.name}
        hint={copy.nameHint}
        error={nameError}
        value={name}
        required
        maxLength={80}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label={copy.scope}
        value={scope}
        onChange={setScope}
        options={Object.entries(copy.scopes)}
      />
      <TextField
        label={copy.expiry}
        hint={copy.expiryHint}
        type="date"
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
      />
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => guard.leave(props.onClose)}
        >
          {copy.cancel}
        </button>
        <BusyButton
          className="button button-primary"
          busy={create.isPending}
          busyLabel={copy.creating}
        >
          {copy.create}
        </BusyButton>
      </div>
    </form>,
  );
}

/** The new secret, shown once, with a Copy button. */
function SecretShare(props: { secret: string }) {
  return (
    <div className="link-share">
      <CopyField
        value={props.secret}
        copy={copy}
        label={copy.secretLabel}
        testId="api-key-secret"
      />
    </div>
  );
}
