// Build-time renders (see scripts/prerender.mjs): the home page into
// dist/index.html, and the site's frame (header, an empty page) into
// dist/app.html, so a first visit paints before the JavaScript arrives. The
// browser then renders the live app over it.
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
    <PrerenderingContext value="home">
      <RouterProvider router={router} />
    </PrerenderingContext>,
  );
}

/** The frame of every other page: the layout around an empty screen. */
export function renderShell(): string {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: "*", Component: EmptyScreen }] }],
    { initialEntries: ["/"] },
  );
  return renderToString(
    <PrerenderingContext value="shell">
      <RouterProvider router={router} />
    </PrerenderingContext>,
  );
}

function EmptyScreen() {
  return null;
}
