import { createContext, useContext } from "react";

/**
 * What is being rendered at build time (src/prerender.tsx), if anything:
 * "home", the home page in dist/index.html, or "shell", the frame every
 * other page of dist/app.html shows until its screen's code has run. The
 * browser replaces that HTML when the app starts, so anything typed into it
 * would be lost: controls that take input are disabled in it.
 */
export type Prerendering = false | "home" | "shell";

export const PrerenderingContext = createContext<Prerendering>(false);

/** True in any build-time render. */
export function usePrerendering(): boolean {
  return useContext(PrerenderingContext) !== false;
}

/**
 * True in app.html's frame, which serves every page and every visitor:
 * nothing in it may depend on who is signed in.
 */
export function usePrerenderedShell(): boolean {
  return useContext(PrerenderingContext) === "shell";
}
