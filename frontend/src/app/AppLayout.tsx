import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { SiteFooter } from "@/components/layout/SiteFooter";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { layoutCopy } from "@/components/layout/copy";
import { LazyFreshProofDialog } from "@/components/signin/LazyFreshProofDialog";
import { LazyToaster } from "@/components/ui/LazyToaster";
import { restoreSession } from "@/lib/auth";
import { useUserStore } from "@/stores/session";
import { useDocumentTitle } from "./useDocumentTitle";
import { usePageViews } from "./usePageViews";

export function AppLayout() {
  usePageViews();
  useDocumentTitle();
  // Once per page load: refresh a stored session from the server.
  useEffect(() => {
    const email = useUserStore.getState().user?.email;
    if (email) void restoreSession(email);
  }, []);
  // After a client-side navigation, keyboard and screen-reader users start
  // at the new page's content rather than on a link that no longer exists.
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = "";
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        {layoutCopy.skip}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <LazyToaster />
      <LazyFreshProofDialog />
      <ScrollRestoration />
    </>
  );
}
