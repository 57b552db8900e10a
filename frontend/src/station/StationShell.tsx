import { useState } from "react";
import { useSignOut, type SessionState } from "./api";
import { BatchMode } from "./BatchMode";
import { stationCopy as copy } from "./copy";
import { FulfilmentMode } from "./FulfilmentMode";
import { OnlineBanner } from "./OnlineBanner";
import { SettingsDialog } from "./SettingsDialog";

type Mode = "fulfilment" | "batch";

/** The signed-in station: the mode switch, the online banner, settings and the mode's screen. */
export function StationShell(props: { state: SessionState }) {
  const { state } = props;
  // Fulfilment is the admins' work, Batch the corporate users'; the other
  // mode stays visible, disabled, so people see what the station does.
  const [mode, setMode] = useState<Mode>(state.kind === "corporate" ? "batch" : "fulfilment");
  const [settingsOpen, setSettingsOpen] = useState(false);
  const signOut = useSignOut();
  const modes: { id: Mode; label: string; allowed: boolean; why: string }[] = [
    {
      id: "fulfilment",
      label: copy.modes.fulfilment,
      allowed: state.kind === "admin",
      why: copy.modes.fulfilmentOnlyAdmins,
    },
    {
      id: "batch",
      label: copy.modes.batch,
      allowed: state.kind === "corporate",
      why: copy.modes.batchOnlyCorporate,
    },
  ];
  return (
    <div className="station">
      <header className="station-header">
        <span className="station-brand">{copy.title}</span>
        <div className="station-modes" role="tablist" aria-label={copy.modes.label}>
          {modes.map((m) => (
            <button
              key={m.id}
              type="button"
              role="tab"
              aria-selected={mode === m.id}
              disabled={!m.allowed}
              title={m.allowed ? undefined : m.why}
              className={mode === m.id ? "admin-tab admin-tab-active" : "admin-tab"}
              onClick={() => setMode(m.id)}
            >
              {m.label}
            </button>
          ))}
        </div>
        <span className="station-user">{state.email}</span>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setSettingsOpen(true)}
        >
          {copy.settings.open}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {copy.signOut}
        </button>
      </header>
      <OnlineBanner state={state} />
      <main className="station-main">
        {mode === "fulfilment" ? <FulfilmentMode /> : <BatchMode />}
      </main>
      <SettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        cloudUrl={state.cloudUrl}
      />
    </div>
  );
}
