import { useState, type FormEvent } from "react";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField, TextField } from "@/components/ui/TextField";
import {
  useSignIn,
  useSignInWithBrowser,
  useSignInWithCompany,
  type Door,
  type SessionState,
} from "./api";
import { stationCopy } from "./copy";

const copy = stationCopy.signIn;

/** Sign-in at either door: fulfilment admins and corporate users. */
export function SignInScreen(props: { state: SessionState; onChangeCloud: () => void }) {
  const [door, setDoor] = useState<Door>("admin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const signIn = useSignIn();
  const company = useSignInWithCompany();
  const browser = useSignInWithBrowser();
  const [companyMissing, setCompanyMissing] = useState(false);
  const onCompany = () => {
    if (email.trim() === "") {
      setCompanyMissing(true);
      return;
    }
    setCompanyMissing(false);
    company.mutate({ email: email.trim() });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "" || password === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    signIn.mutate({ door, email: email.trim(), password });
  };
  return (
    <AuthCard title={copy.title} intro={copy.cloudIs(props.state.cloudUrl)} onSubmit={onSubmit}>
      <fieldset className="station-doors">
        <legend>{copy.door}</legend>
        {(["admin", "corporate"] as const).map((d) => (
          <label key={d}>
            <input
              type="radio"
              name="door"
              value={d}
              checked={door === d}
              onChange={() => setDoor(d)}
            />{" "}
            {d === "admin" ? copy.admin : copy.corporate}
          </label>
        ))}
      </fieldset>
      <EmailField label={copy.email} value={email} onValueChange={setEmail} />
      <TextField
        label={copy.password}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {(missing || signIn.isError) && (
        <p className="field-error" role="alert">
          {missing ? copy.missing : signIn.error?.message}
        </p>
      )}
      <BusyButton
        className="button button-primary button-block"
        busy={signIn.isPending}
        busyLabel={copy.submitting}
      >
        {copy.submit}
      </BusyButton>
      <p className="muted">{copy.browserHint}</p>
      <BusyButton
        type="button"
        className="button button-secondary button-block"
        busy={browser.isPending}
        busyLabel={copy.browserWaiting}
        onClick={() => browser.mutate(undefined)}
      >
        {copy.browser}
      </BusyButton>
      {browser.isError && (
        <p className="field-error" role="alert">
          {browser.error?.message}
        </p>
      )}
      {door === "corporate" && (
        <>
          <p className="muted">{copy.companyHint}</p>
          <BusyButton
            type="button"
            className="button button-secondary button-block"
            busy={company.isPending}
            busyLabel={copy.companyWaiting}
            onClick={onCompany}
          >
            {copy.company}
          </BusyButton>
          {(companyMissing || company.isError) && (
            <p className="field-error" role="alert">
              {companyMissing ? copy.companyMissing : company.error?.message}
            </p>
          )}
        </>
      )}
      <button
        type="button"
        className="button button-ghost button-block"
        onClick={props.onChangeCloud}
      >
        {stationCopy.cloud.change}
      </button>
    </AuthCard>
  );
}
