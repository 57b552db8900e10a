import { useState } from "react";
import { LazyToaster } from "@/components/ui/LazyToaster";
import { useSessionState, useStationInfo } from "./api";
import { CloudUrlScreen } from "./CloudUrlScreen";
import { stationCopy as copy } from "./copy";
import { SignInScreen } from "./SignInScreen";
import { StationShell } from "./StationShell";

/** First run (the cloud's address), sign-in, then the station itself. */
export function StationApp() {
  const session = useSessionState();
  // What the station must tell at start (the cache reset or expired, the cloud moved by IT).
  const warning = useStationInfo().data?.warning;
  const [changingCloud, setChangingCloud] = useState(false);
  let screen;
  if (session.isPending) {
    screen = (
      <div className="admin-loading">
        <div className="spinner" role="status" aria-label={copy.loading} />
      </div>
    );
  } else if (session.isError) {
    screen = (
      <div className="auth-page">
        <div className="card empty-state" role="alert">
          <h1>{copy.failed}</h1>
          <p>{session.error.message}</p>
        </div>
      </div>
    );
  } else if (session.data.firstRun || changingCloud) {
    screen = <CloudUrlScreen state={session.data} onDone={() => setChangingCloud(false)} />;
  } else if (!session.data.signedIn) {
    screen = <SignInScreen state={session.data} onChangeCloud={() => setChangingCloud(true)} />;
  } else {
    screen = <StationShell state={session.data} />;
  }
  return (
    <>
      {warning && (
        <p className="station-banner station-banner-offline" role="alert">
          {warning}
        </p>
      )}
      {screen}
      <LazyToaster />
    </>
  );
}
