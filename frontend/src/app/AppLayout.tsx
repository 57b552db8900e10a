import { useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { SiteFooter } from "@/components/layout/SiteFooter";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { layoutCopy } from "@/components/layout/copy";
import { LazyToaster } from "@/components/ui/LazyToaster";
import { restoreSession } from "@/lib/auth";
import { useUserStore } from "@/stores/session";

export function AppLayout() {
  // Once per page load: refresh a stored session from the server.
  useEffect(() => {
    const email = useUserStore.getState().user?.email;
    if (email) void restoreSession(email);
  }, []);
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
      <ScrollRestoration />
    </>
  );
}
