import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { usePrerenderedShell } from "@/app/prerendering";
import { brand } from "@/lib/copy";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useUserStore } from "@/stores/session";
import { layoutCopy } from "./copy";

// The menu (and Radix's dropdown) loads only for signed-in visitors, keeping
// it off the first page load of everyone else.
const AccountMenu = lazy(async () => ({ default: (await import("./AccountMenu")).AccountMenu }));
const CorporateMenu = lazy(async () => ({
  default: (await import("./CorporateMenu")).CorporateMenu,
}));

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
              {/* Before the menu loads (and in the prerendered page) the
                  entry is a plain link to the plans, which offer the rest. */}
              <Suspense fallback={<Link to={paths.corporateBenefits}>{layoutCopy.corporate}</Link>}>
                <CorporateMenu />
              </Suspense>
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
