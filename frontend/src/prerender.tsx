// Build-time render of the home page into dist/index.html (see
// scripts/prerender.mjs), so a first visit paints the page before the
// JavaScript arrives. The browser then renders the live app over it.
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppLayout } from "./app/AppLayout";
import { paths } from "./app/paths";
import { PrerenderingContext } from "./app/prerendering";
import { HomePage } from "./features/home/HomePage";

// scripts/prerender.mjs reads the route table's paths from here.
export { paths };

export function render(): string {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: paths.home, Component: HomePage }] }],
    { initialEntries: [paths.home] },
  );
  return renderToString(
    <PrerenderingContext value={true}>
      <RouterProvider router={router} />
    </PrerenderingContext>,
  );
}
