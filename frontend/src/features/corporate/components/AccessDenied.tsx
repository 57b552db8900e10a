import { Link } from "react-router";
import { paths } from "@/app/paths";
import { corporateCopy } from "../copy";

const copy = corporateCopy.dashboard;

/** Shown to anyone who is not a corporate user of the organisation (spec §2). */
export function AccessDenied() {
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
