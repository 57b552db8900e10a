import { useState, type FormEvent, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { BusyButton } from "@/components/ui/BusyButton";
import { CopyField } from "@/components/ui/CopyField";
import { TextField } from "@/components/ui/TextField";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { AccessDenied } from "../components/AccessDenied";
import { IssuedList, ShownOnce } from "../components/IssuedList";
import { SelectField } from "../components/SelectField";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey } from "./api";
import { apiKeysCopy as copy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";

const dateFormat = new Intl.DateTimeFormat(siteLocale, { dateStyle: "medium" });
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
  const revoke = useRevokeApiKey(props.orgId);
  return (
    <IssuedList
      className="api-keys-page"
      copy={copy}
      orgId={props.orgId}
      items={props.keys}
      manage={props.manage}
      notices={!props.manage && <p className="hint">{copy.readOnly}</p>}
      head={[copy.name, ...Object.values(copy.columns)].map((c) => (
        <th key={c} scope="col">
          {c}
        </th>
      ))}
      row={(k) => (
        <>
          <th scope="row">{k.name}</th>
          <td data-label={copy.columns.prefix}>
            <code>{k.prefix}…</code>
          </td>
          <td data-label={copy.columns.scope}>{copy.scopes[k.scope] ?? k.scope}</td>
          <td data-label={copy.columns.created}>{date(k.createdAt)}</td>
          <td data-label={copy.columns.lastUsed}>
            {k.lastUsedAt ? date(k.lastUsedAt) : copy.notUsed}
          </td>
          <td data-label={copy.columns.expires}>{k.expiresAt ? date(k.expiresAt) : copy.never}</td>
          <td data-label={copy.columns.status}>{copy.status[k.status] ?? k.status}</td>
        </>
      )}
      revokeLabel={(k) => `${copy.revoke} ${k.name}`}
      revokeDescription={(k) => copy.revokeDescription(k.name)}
      revoke={(k, done) => revoke.mutate(k.id, done)}
      createDialog={(open, onClose) => (
        <CreateKeyDialog orgId={props.orgId} open={open} onClose={onClose} />
      )}
    />
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
      <ShownOnce
        title={<Dialog.Title>{copy.created}</Dialog.Title>}
        description={<Dialog.Description>{copy.createdOnce}</Dialog.Description>}
        done={copy.done}
        onDone={props.onClose}
      >
        <SecretShare secret={secret} />
      </ShownOnce>,
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
        onError: (error) => toastFailure(error, copy.failed),
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
