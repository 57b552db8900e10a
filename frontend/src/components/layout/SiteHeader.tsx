import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { usePrerendering, usePrerenderedShell } from "@/app/prerendering";
import { brand } from "@/lib/copy";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useUserStore } from "@/stores/session";
import { layoutCopy } from "./copy";

// The menu (and Radix's dropdown) loads only for signed-in visitors, keeping
// it off the first page load of everyone else.
const AccountMenu = lazy(async () => ({ default: (await import("./AccountMenu")).AccountMenu }));
// The Corporate menu's code (Radix's dropdown, its positioning and focus
// handling: 30 kB of gzip) loads when a visitor reaches for the menu, not
// with every signed-out page.
const loadCorporateMenu = () => import("./CorporateMenu");
const CorporateMenu = lazy(async () => ({ default: (await loadCorporateMenu()).CorporateMenu }));

export function SiteHeader() {
  const user = useUserStore((s) => s.user);
  const member = useCorporateMemberStore((s) => s.member);
  const forgetMember = useCorporateMemberStore((s) => s.forget);
  // app.html's frame is the same for everyone: its navigation comes with the app.
  const shell = usePrerenderedShell();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={paths.home} className="brand" aria-label={layoutCopy.home}>
          <span className="brand-mark" aria-hidden="true">
            +
          </span>
          {brand.name}
        </Link>
        <nav className="header-nav" aria-label="Main">
          {shell ? null : user ? (
            <>
              <Link to={paths.referrals}>{layoutCopy.referrals}</Link>
              <Suspense fallback={<span className="account-trigger-placeholder" />}>
                <AccountMenu email={user.email} />
              </Suspense>
            </>
          ) : member ? (
            <>
              <Link
                to={
                  member.organizationId
                    ? `${paths.corporateDashboard}/${member.organizationId}`
                    : paths.corporateDashboard
                }
              >
                {layoutCopy.dashboard}
              </Link>
              {/* The server ends the session and comes back to the home page. */}
              <a href="/api/logout" className="button button-small" onClick={forgetMember}>
                {layoutCopy.signOut}
              </a>
            </>
          ) : (
            <>
              <CorporateEntry />
              <Link to={paths.login} className="button button-small">
                {layoutCopy.signIn}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/**
 * The header's Corporate entry. In the prerendered page, before any script
 * runs, it is a plain link to the plans, which offer the rest. Then it is a
 * button that looks like the menu's trigger; pressing it loads the menu,
 * which opens where the button was (hovering starts the load early).
 */
function CorporateEntry() {
  const prerendering = usePrerendering();
  const [wanted, setWanted] = useState(false);
  if (prerendering) return <Link to={paths.corporateBenefits}>{layoutCopy.corporate}</Link>;
  const button = (
    <button
      type="button"
      className="header-menu-trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={wanted || undefined}
      onPointerEnter={() => void loadCorporateMenu()}
      onClick={() => setWanted(true)}
    >
      {layoutCopy.corporate}
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <CorporateMenu defaultOpen />
    </Suspense>
  );
}
