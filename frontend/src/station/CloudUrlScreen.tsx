import { useState, type FormEvent } from "react";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { TextField } from "@/components/ui/TextField";
import { useSetCloudUrl, type SessionState } from "./api";
import { stationCopy } from "./copy";

const copy = stationCopy.cloud;

/** First run: which cloud this station signs in to (IT's config file may have said already). */
export function CloudUrlScreen(props: { state: SessionState; onDone: () => void }) {
  const [url, setUrl] = useState(props.state.cloudUrl);
  // IT's policy locks the address (station/app_session.go).
  const locked = props.state.cloudUrlLocked;
  const save = useSetCloudUrl();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(url, { onSuccess: props.onDone });
  };
  return (
    <AuthCard title={copy.title} intro={copy.intro} onSubmit={onSubmit}>
      {props.state.cloudUrlProblem && (
        <p className="field-error" role="alert">
          {props.state.cloudUrlProblem}
        </p>
      )}
      <TextField
        label={copy.label}
        type="url"
        autoComplete="url"
        required
        readOnly={locked}
        hint={locked ? copy.locked : undefined}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={save.error?.message}
      />
      <BusyButton
        className="button button-primary button-block"
        busy={save.isPending}
        busyLabel={copy.saving}
      >
        {copy.save}
      </BusyButton>
    </AuthCard>
  );
}
