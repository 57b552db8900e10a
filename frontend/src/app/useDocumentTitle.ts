import { useEffect } from "react";
import { useLocation } from "react-router";
import { pageTitle } from "./paths";

/** Sets the tab's title to the current route's (paths.ts pageTitles). */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
