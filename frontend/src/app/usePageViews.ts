import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { trackPageView } from "@/lib/analytics";

/** Records a page view (docs/design/individual.md §7) for the first page and for each move to
 * another pathname. Only the pathname is sent: a reset link's ?token= and
 * any hash stay on the device. */
export function usePageViews() {
  const { pathname } = useLocation();
  // StrictMode runs effects twice in development; one view per pathname.
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === pathname) return;
    tracked.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
}
