// Puts the build-time render of the home page inside <div id="root"> of
// dist/index.html. Run by `npm run build` after the client and SSR builds.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

const { render } = await import(new URL("../dist-ssr/prerender.js", import.meta.url));
const file = new URL("../dist/index.html", import.meta.url);
const html = readFileSync(file, "utf8");
const marker = '<div id="root"></div>';
if (!html.includes(marker)) throw new Error(`prerender: ${marker} not found in dist/index.html`);
writeFileSync(file, html.replace(marker, `<div id="root">${render()}</div>`));
rmSync(new URL("../dist-ssr", import.meta.url), { recursive: true, force: true });
console.log("prerender: home page written into dist/index.html");
