import { createContext, useContext } from "react";

/**
 * True while the home page is rendered at build time (src/prerender.tsx).
 * The browser replaces that HTML when the app starts, so anything typed into
 * it would be lost: controls that take input are disabled in it.
 */
export const PrerenderingContext = createContext(false);

export function usePrerendering(): boolean {
  return useContext(PrerenderingContext);
}
