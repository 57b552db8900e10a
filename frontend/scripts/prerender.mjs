// Run by `npm run build` after the client and SSR builds. Writes what the
// cloud serves as pages (cloud/http/site.go):
//   dist/index.html  the home page rendered at build time inside
//                    <div id="root">, with the stylesheet inlined, so a first
//                    visit paints without waiting for any other file;
//   dist/app.html    the same for every other address, with the site's frame
//                    (header, an empty screen) where the home page would be;
//   dist/bare.html   the same without the frame, for the routes outside the
//                    site's layout (a worker's collection form);
//   dist/route-preloads.json
//                    for each route of src/app/router.tsx, the chunks its
//                    screen loads beyond the entry's, which the cloud
//                    preloads with app.html: a phone fetches the screen's
//                    code alongside the entry instead of after running it.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

const dist = (name) => new URL(`../dist/${name}`, import.meta.url);
const { render, renderShell, paths } = await import(
  new URL("../dist-ssr/prerender.js", import.meta.url)
);

const html = readFileSync(dist("index.html"), "utf8");

const root = '<div id="root"></div>';
if (!html.includes(root)) throw new Error(`prerender: ${root} not found in dist/index.html`);

// Vite links the one stylesheet of the entry; lazy routes bring no CSS of
// their own, so inlining this one leaves nothing unstyled later.
const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)];
if (links.length !== 1)
  throw new Error(`prerender: want one stylesheet link, found ${links.length}`);
const [link, href] = links[0];
const css = readFileSync(dist(href.slice(1)), "utf8");
if (css.includes("</style")) throw new Error("prerender: the stylesheet would end its own <style>");

// Both pages carry the stylesheet inline: the first paint waits for no file.
const page = (markup) =>
  html
    .replace(link, () => `<style>${css}</style>`)
    .replace(root, () => `<div id="root">${markup}</div>`);
writeFileSync(dist("index.html"), page(render()));
writeFileSync(dist("app.html"), page(renderShell()));
writeFileSync(dist("bare.html"), page(""));
writeFileSync(dist("route-preloads.json"), JSON.stringify(routePreloads(html), null, 1));

rmSync(new URL("../dist-ssr", import.meta.url), { recursive: true, force: true });
// Vite's manifest was only for this script: the cloud serves dist, and
// source paths are nobody else's business.
rmSync(dist(".vite"), { recursive: true, force: true });
console.log(
  `prerender: home page (with ${href} inlined) in dist/index.html; the frame in app.html for the rest`,
);

/**
 * The routes of src/app/router.tsx with the chunks their screens need that
 * the entry does not already preload. Each route is `path: <paths.x or a
 * template of it>` followed by its `lazy` import of "@/...": a route this
 * cannot read fails the build rather than losing its preload quietly.
 */
function routePreloads(appHtml) {
  const manifest = JSON.parse(readFileSync(dist(".vite/manifest.json"), "utf8"));
  const router = readFileSync(new URL("../src/app/router.tsx", import.meta.url), "utf8");
  const preloaded = new Set(
    [...appHtml.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  const chunks = (key, out) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in Vite's manifest`);
    if (preloaded.has(chunk.file) || out.includes(`/${chunk.file}`)) return out;
    out.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) chunks(imported, out);
    return out;
  };
  // Routes listed before the site's layout element stand outside it.
  const layoutAt = router.indexOf("element: <AppLayout />");
  if (layoutAt < 0) throw new Error("prerender: the router has no AppLayout element");
  const routes = [];
  for (const m of router.matchAll(/path:\s*([^,\n]+),\s*lazy:[^]*?import\("@\/([^"]+)"\)/g)) {
    const path = m[1]
      .replace(/^`|`$/g, "")
      .replace(/\$\{paths\.(\w+)\}|^paths\.(\w+)$/g, (_, a, b) => paths[a ?? b])
      .replace(/^"|"$/g, "");
    if (!path.startsWith("/") && path !== "*")
      throw new Error(`prerender: cannot read the route ${m[1]}`);
    if (path === "*") continue; // the Page Not Found screen, for any other address
    routes.push({ path, frame: m.index > layoutAt, files: chunks(`src/${m[2]}.tsx`, []) });
  }
  const lazyRoutes = (router.match(/lazy:/g) ?? []).length;
  if (routes.length !== lazyRoutes - 1)
    throw new Error(`prerender: read ${routes.length} of the router's ${lazyRoutes - 1} routes`);
  return { routes };
}
