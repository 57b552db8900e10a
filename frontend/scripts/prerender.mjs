// Run by `npm run build` after the client and SSR builds. Writes the two
// pages the cloud serves (cloud/http/site.go):
//   dist/app.html    the app as Vite built it, for every address but "/";
//   dist/index.html  the home page rendered at build time inside
//                    <div id="root">, with the stylesheet inlined, so a first
//                    visit paints without waiting for any other file.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

const dist = (name) => new URL(`../dist/${name}`, import.meta.url);
const { render } = await import(new URL("../dist-ssr/prerender.js", import.meta.url));

const html = readFileSync(dist("index.html"), "utf8");
writeFileSync(dist("app.html"), html);

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

writeFileSync(
  dist("index.html"),
  // Replacer functions: "$" in CSS or markup is text, not a pattern.
  html
    .replace(link, () => `<style>${css}</style>`)
    .replace(root, () => `<div id="root">${render()}</div>`),
);
rmSync(new URL("../dist-ssr", import.meta.url), { recursive: true, force: true });
console.log(
  `prerender: home page (with ${href} inlined) in dist/index.html; app.html for the rest`,
);
