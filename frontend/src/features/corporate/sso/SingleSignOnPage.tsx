import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/BusyButton";
import { CopyField } from "@/components/ui/CopyField";
import { FormField } from "@/components/ui/FormField";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { useSSOSettings, useSaveSSOSettings, type SSOSettings } from "../api/sso";
import { ssoCopy as copy } from "./copy";

/** /corporate/sso/{orgId}: the owner connects the organisation's identity provider. */
export function SingleSignOnPage() {
  const orgId = useOrganizationId();
  const settings = useSSOSettings(orgId ?? null);
  if (orgId === undefined || (orgId !== null && settings.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null || !settings.data)
    return <AccessDenied error={settings.error} onRetry={() => void settings.refetch()} />;
  return <SettingsForm orgId={orgId} settings={settings.data} />;
}

function SettingsForm(props: { orgId: number; settings: SSOSettings }) {
  const s = props.settings;
  const save = useSaveSSOSettings(props.orgId);
  const [issuer, setIssuer] = useState(s.issuer);
  const [clientId, setClientId] = useState(s.clientId);
  const [clientSecret, setClientSecret] = useState("");
  const [domains, setDomains] = useState(s.domains.map((d) => d.domain).join("\n"));
  const [requireSso, setRequireSso] = useState(s.requireSso);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        issuer,
        clientId,
        clientSecret,
        domains: domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter((d) => d !== ""),
        requireSso,
      },
      {
        onSuccess: () => {
          setClientSecret("");
          toast({ title: copy.saved, variant: "success" });
        },
        onError: (error) => toastFailure(error, copy.failed),
      },
    );
  };
  return (
    <div className="section corporate-page">
      <div className="page-head">
        <h1>{copy.title}</h1>
        <p className="hint">{copy.intro}</p>
      </div>
      <form className="card form-body" onSubmit={onSubmit} noValidate aria-label={copy.title}>
        <FormField label={copy.redirectUri}>
          {(control) => <CopyField id={control.id} value={s.redirectUri} copy={copy.copyField} />}
        </FormField>
        <TextField
          label={copy.issuer}
          hint={copy.issuerHint}
          type="url"
          required
          value={issuer}
          onChange={(e) => setIssuer(e.target.value)}
        />
        <TextField
          label={copy.clientId}
          required
          autoComplete="off"
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
        />
        <TextField
          label={copy.clientSecret}
          hint={s.hasClientSecret ? copy.secretKept : undefined}
          type="password"
          autoComplete="new-password"
          value={clientSecret}
          onChange={(e) => setClientSecret(e.target.value)}
        />
        <FormField label={copy.domains} hint={copy.domainsHint}>
          {(control) => (
            <textarea
              dir="auto"
              {...control}
              rows={3}
              value={domains}
              onChange={(e) => setDomains(e.target.value)}
            />
          )}
        </FormField>
        {s.domains.length > 0 && (
          <ul className="sso-domains">
            {s.domains.map((d) => (
              <li key={d.domain}>
                {d.domain}:{" "}
                <span className={`badge ${d.approved ? "badge-green" : "badge-yellow"}`}>
                  {d.approved ? copy.approved : copy.pending}
                </span>
              </li>
            ))}
          </ul>
        )}
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={requireSso}
            onChange={(e) => setRequireSso(e.target.checked)}
          />{" "}
          {copy.requireSso}
        </label>
        <p className="hint">{copy.requireSsoHint}</p>
        <p className="hint">{copy.newMembers}</p>
        <BusyButton className="button button-primary" busy={save.isPending} busyLabel={copy.saving}>
          {copy.save}
        </BusyButton>
      </form>
    </div>
  );
}
