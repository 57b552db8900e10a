import { Link } from "react-router";
import { paths } from "@/app/paths";

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home}>Go to the home page</Link>
    </section>
  );
}
