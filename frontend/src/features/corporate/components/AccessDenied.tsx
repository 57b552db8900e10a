import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ApiError, serverMessage } from "@/lib/api";
import { toasts } from "@/lib/copy";
import { corporateCopy } from "../copy";

const copy = corporateCopy.dashboard;

/**
 * Shown to anyone who is not a corporate user of the organisation (docs/design/admin-corporate.md §2).
 * `error` is why the page's data did not come: a refusal (401, 403, 404) is
 * that case, but anything else (the server down, the connection lost) is
 * not, and telling a signed-in officer to sign in would send them the wrong
 * way: they are told it failed, why, and offered to try again.
 */
export function AccessDenied(props: { error?: unknown; onRetry?: () => void }) {
  if (props.error && !isRefusal(props.error)) {
    return (
      <section className="not-found" aria-labelledby="load-failed-title">
        <h1 id="load-failed-title">{copy.loadFailed}</h1>
        <p role="alert">{serverMessage(props.error) ?? toasts.connectionError.description}</p>
        {props.onRetry && (
          <p className="hero-actions">
            <button type="button" className="button button-primary" onClick={props.onRetry}>
              {copy.tryAgain}
            </button>
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="not-found" aria-labelledby="denied-title">
      <h1 id="denied-title">{copy.accessDenied}</h1>
      <p>{copy.accessDeniedDetail}</p>
      <p className="hero-actions">
        <Link className="button button-primary" to={paths.home}>
          {copy.goHome}
        </Link>
        <Link className="button button-secondary" to={paths.corporateLogin}>
          {copy.signIn}
        </Link>
      </p>
    </section>
  );
}

/** Whether the server refused this caller (rather than failing to answer). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}
