import { appendFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { notFound, readResults } from "./a11y";

// Accessibility: the route table: every route has had its check, and the figure make test shows (how, and why the routes are split: e2e/a11y.ts).

test("every route of the router has had its check", async () => {
  const results = await readResults();
  const checked = new Set(results.map((r) => r.route));
  const routes = [...Object.values(paths), notFound];
  expect(
    routes.filter((r) => !checked.has(r)),
    "routes without an accessibility check",
  ).toEqual([]);
  const findings = results.flatMap((r) => r.findings);
  const count = (impact: string) => findings.filter((f) => f.impact === impact).length;
  const line = `a11y: ${routes.length} routes x 2 sizes, ${count("serious")} serious, ${count("critical")} critical`;
  console.log(line);
  for (const f of findings)
    console.log(`  ${f.impact} ${f.rule} on ${f.route} (${f.state}, ${f.size})`);
  for (const r of results)
    for (const n of r.narrow) console.log(`  320 px: ${r.route} (${r.state}): ${n}`);
  if (process.env.LIFETAG_TEST_REPORT)
    await appendFile(process.env.LIFETAG_TEST_REPORT, line + "\n");
});
