import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { serverMessage } from "@/lib/api";
import { completeRegistration } from "./api/registration";
import { checkEmailPath, type CheckEmailState } from "./CheckEmailPage";
import { corporateCopy } from "./copy";

const copy = corporateCopy.success;

/**
 * docs/design/admin-corporate.md §4: processing, then for a new customer the check-your-email page,
 * for a subscribing member success (to the dashboard after 3 s), or error.
 */
export const redirectDelayMs = 3000;

type State =
  | { kind: "processing" }
  | { kind: "success"; organizationId: number }
  | { kind: "error"; message: string };

/** /corporate-payment-success?session_id&registration_id (docs/design/admin-corporate.md §2). */
export function PaymentSuccessPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  const registrationId = params.get("registration_id") ?? "";
  const missing = sessionId === "" || registrationId === "";
  const [state, setState] = useState<State>(
    missing ? { kind: "error", message: copy.missing } : { kind: "processing" },
  );

  useEffect(() => {
    if (missing) return;
    let cancelled = false;
    completeRegistration({ sessionId, registrationId }).then(
      (answer) => {
        // A subscribing trial's dashboard is cached: it has just changed.
        void client.invalidateQueries({ queryKey: ["corporate"] });
        if (cancelled) return;
        // A new customer has no password yet: the dashboard would only say
        // "sign in". Their next step is the setup mail.
        if (answer.setupPending) {
          navigate(checkEmailPath("paid", registrationId, sessionId), {
            replace: true,
            state: { email: answer.contactEmail } satisfies CheckEmailState,
          });
          return;
        }
        setState({ kind: "success", organizationId: answer.organizationId });
      },
      (error) =>
        !cancelled && setState({ kind: "error", message: serverMessage(error) ?? copy.failed }),
    );
    return () => {
      cancelled = true;
    };
  }, [missing, sessionId, registrationId, client, navigate]);

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(
      () => navigate(`${paths.corporateDashboard}/${state.organizationId}`),
      redirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-live="polite" aria-labelledby="pay-title">
        {state.kind === "processing" && (
          <>
            <h1 id="pay-title">{copy.processing}</h1>
            <p className="hint">{copy.processingDetail}</p>
          </>
        )}
        {state.kind === "success" && (
          <>
            <h1 id="pay-title">{copy.done}</h1>
            <p>{copy.doneDetail}</p>
          </>
        )}
        {state.kind === "error" && (
          <>
            <h1 id="pay-title">{copy.error}</h1>
            <p role="alert">{state.message}</p>
            <p className="hint">{copy.support}</p>
            <p className="hint">
              {corporateCopy.supportEmail} · {corporateCopy.supportHours}
            </p>
            <Link className="button button-primary button-block" to={paths.corporateRegister}>
              {copy.tryAgain}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
