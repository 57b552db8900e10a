import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { serverMessage } from "@/lib/api";
import { confirmReviewByLink, unsubscribeByLink } from "@/lib/review";
import { reviewLinkCopy as copy } from "./copy";

type Outcome = { ok: boolean; message: string } | null;

/**
 * Uses a reminder's link once, as the page opens: one click in the mail is
 * the whole action, and nobody needs to sign in. The server's answer, or
 * its reason for refusing (altered, used, expired), is the page's message.
 */
function useLinkAction(act: (token: string) => Promise<{ message: string }>): Outcome {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(null);
  // StrictMode runs effects twice in development; the link is used once.
  const used = useRef(false);
  useEffect(() => {
    if (used.current || token === "") return;
    used.current = true;
    act(token).then(
      (answer) => setOutcome({ ok: true, message: answer.message }),
      (error: unknown) =>
        setOutcome({ ok: false, message: serverMessage(error) ?? copy.unavailable }),
    );
  }, [act, token]);
  return token === "" ? { ok: false, message: copy.noToken } : outcome;
}

function LinkOutcome({ title, outcome }: { title: string; outcome: Outcome }) {
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="review-link-title">
        <h1 id="review-link-title">{title}</h1>
        {outcome === null ? (
          <p role="status">{copy.working}</p>
        ) : (
          <p role={outcome.ok ? "status" : "alert"}>{outcome.message}</p>
        )}
        <div className="form-actions">
          <Link
            to={`${paths.login}?return=${encodeURIComponent(paths.home)}`}
            className="button button-secondary"
          >
            {copy.edit}
          </Link>
          <Link to={paths.home} className="button button-ghost">
            {copy.home}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** /review/confirm?token=…: "Thank you — your details are confirmed." */
export function ReviewConfirmPage() {
  return <LinkOutcome title={copy.confirmTitle} outcome={useLinkAction(confirmReviewByLink)} />;
}

/** /review/unsubscribe?token=…: no more reminders, without signing in. */
export function ReviewUnsubscribePage() {
  return <LinkOutcome title={copy.unsubscribeTitle} outcome={useLinkAction(unsubscribeByLink)} />;
}
