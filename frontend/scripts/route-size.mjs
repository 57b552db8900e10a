// Gzip size of the JavaScript a route needs on first load: the entry chunk
// plus the route's lazy chunk, with every chunk they import statically, and
// how many files that is (a phone on a slow link fetches six at a time, so
// the count weighs on the first paint as much as the bytes). This reads the
// build; e2e/weight.spec.ts measures what a browser really loads, lazy
// chunks included, along the visitor's journey. kB are 1,000 bytes.
// Usage: node scripts/route-size.mjs HomePage [--max-kb 150] [--max-files 12]
// (after `npm run build`)
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const dir = "dist/assets";
const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
const route = process.argv[2] ?? "HomePage";
const html = readFileSync("dist/index.html", "utf8");
const entry = html.match(/assets\/(index-[^"]+\.js)/)[1];
const start = [entry, files.find((f) => f.startsWith(`${route}-`))];
const kB = 1000;
const seen = new Set();
const visit = (file) => {
  if (!file || seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dir, file), "utf8");
  // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`.
  for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
};
start.forEach(visit);
let total = 0;
for (const f of seen) {
  const size = gzipSync(readFileSync(join(dir, f))).length;
  total += size;
  console.log(`${(size / kB).toFixed(2).padStart(8)} kB  ${f}`);
}
console.log(
  `${(total / kB).toFixed(2).padStart(8)} kB  total gzip JS for ${route}, in ${seen.size} files`,
);
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? Infinity : Number(process.argv[at + 1]);
};
if (total / kB > option("--max-kb")) {
  console.error(`${route} is over its budget of ${option("--max-kb")} kB gzip`);
  process.exit(1);
}
if (seen.size > option("--max-files")) {
  console.error(`${route} needs ${seen.size} files, over its budget of ${option("--max-files")}`);
  process.exit(1);
}
