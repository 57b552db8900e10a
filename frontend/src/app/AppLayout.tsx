import { Link, Outlet } from "react-router";
import { paths } from "./paths";

export function AppLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to={paths.home} className="brand" aria-label="Lifetag home">
          <span className="brand-mark" aria-hidden="true">
            +
          </span>
          Lifetag
        </Link>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>Lifetag: emergency information on a QR label, readable by any phone, offline.</p>
      </footer>
    </>
  );
}
