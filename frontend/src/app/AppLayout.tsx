import { Outlet, ScrollRestoration } from "react-router";
import { SiteFooter } from "@/components/layout/SiteFooter";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { layoutCopy } from "@/components/layout/copy";
import { LazyToaster } from "@/components/ui/LazyToaster";

export function AppLayout() {
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
