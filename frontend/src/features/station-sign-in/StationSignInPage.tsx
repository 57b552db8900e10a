import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { toastFailure } from "@/components/ui/toastFailure";
import { useSignedInAccount, useStationCode } from "./api";
import { stationSignInCopy as copy } from "./copy";

/**
 * /station-sign-in: the print station opened this page in the system
 * browser with its loopback address, PKCE challenge and state. The browser's
 * session (only there after every factor) signs the station in, once the
 * person confirms with a click: a page that continued by itself would sign
 * in any station that sent someone a link.
 */
export function StationSignInPage() {
  const [params] = useSearchParams();
  const loopback = {
    stationRedirect: params.get("stationRedirect") ?? "",
    stationChallenge: params.get("stationChallenge") ?? "",
    stationState: params.get("stationState") ?? "",
  };
  const complete = Object.values(loopback).every((v) => v !== "");
  const account = useSignedInAccount();
  const stationCode = useStationCode();
  const [done, setDone] = useState(false);
  const back = encodeURIComponent(`${paths.stationSignIn}?${params.toString()}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    stationCode.mutate(loopback, {
      onSuccess: (answer) => {
        setDone(true);
        window.location.assign(answer.redirect);
      },
      onError: (error) => toastFailure(error, copy.failed),
    });
  };

  return (
    <div className="station-sign-in-page">
      <div className="page-head">
        <h1>{copy.title}</h1>
      </div>
      {!complete ? (
        <p>{copy.incomplete}</p>
      ) : account.data === null ? (
        <section className="card" aria-labelledby="station-signed-out">
          <h2 id="station-signed-out">{copy.signedOut.title}</h2>
          <p>{copy.signedOut.body}</p>
          <p>
            <Link className="button button-primary" to={`${paths.login}?return=${back}`}>
              {copy.signedOut.signIn}
            </Link>{" "}
            <Link className="button button-secondary" to={`${paths.corporateLogin}?return=${back}`}>
              {copy.signedOut.corporateSignIn}
            </Link>
          </p>
        </section>
      ) : account.data ? (
        <section className="card" aria-labelledby="station-question">
          {done ? (
            <p id="station-question" role="status">
              {copy.done}
            </p>
          ) : (
            <form onSubmit={onSubmit}>
              <h2 id="station-question">{copy.question(account.data.email)}</h2>
              <p className="hint">{copy.explain}</p>
              <BusyButton
                className="button button-primary"
                busy={stationCode.isPending}
                busyLabel={copy.continuing}
              >
                {copy.continue}
              </BusyButton>
            </form>
          )}
        </section>
      ) : null}
    </div>
  );
}
