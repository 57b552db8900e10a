import { Link, useLocation, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { useResendSetup } from "./api/register-trial";
import { corporateCopy } from "./copy";

const copy = corporateCopy.checkEmail;

/** What the page that sends a customer here knows; the address only in memory. */
export interface CheckEmailState {
  email: string;
}

/** The landing page's address for a registration (kept in the address bar for a reload). */
export function checkEmailPath(kind: "trial" | "paid", registrationId: string, sessionId = "") {
  const query = new URLSearchParams({ kind, registration_id: registrationId });
  if (sessionId !== "") query.set("session_id", sessionId);
  return `${paths.corporateCheckEmail}?${query.toString()}`;
}

/**
 * /corporate-check-email: where a new customer lands after the
 * trial form or a paid checkout. They have no password yet, so this page
 * says what happens next (the mail, its address) and offers to send it
 * again; never "You need to sign in".
 */
export function CheckEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const email = (location.state as CheckEmailState | null)?.email ?? "";
  const registrationId = params.get("registration_id") ?? "";
  const sessionId = params.get("session_id") ?? "";
  const resend = useResendSetup();
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="check-title">
        <h1 id="check-title">{copy.title}</h1>
        <p>
          {email === "" ? (
            copy.sentToUnknown
          ) : (
            <>
              {copy.sentTo} <strong>{email}</strong>.
            </>
          )}
        </p>
        <p>{params.get("kind") === "paid" ? copy.paid : copy.trial}</p>
        <p className="hint">{copy.nothing}</p>
        {registrationId !== "" && (
          <BusyButton
            type="button"
            className="button button-secondary button-block"
            busy={resend.isPending}
            busyLabel={copy.resending}
            onClick={() =>
              resend.mutate(
                { registrationId, sessionId },
                {
                  onSuccess: (answer) => toast({ title: answer.message, variant: "success" }),
                  onError: (error) =>
                    toast({ title: serverMessage(error) ?? copy.resend, variant: "destructive" }),
                },
              )
            }
          >
            {copy.resend}
          </BusyButton>
        )}
        <p className="auth-links">
          <Link to={paths.corporateLogin}>{copy.signIn}</Link>
        </p>
      </section>
    </div>
  );
}
