import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { outboxMail } from "./helpers";

// The accessibility check every route gets in the journeys: axe
// with the WCAG 2.2 A and AA rules at a phone and a desktop size, then the
// page at 320 px with nothing scrolling sideways and no control cut off.
// Every route of the router (src/app/paths.ts) gets it, signed in as the role
// that sees it and in its filled states, in the a11y-*.spec.ts files: split
// so the journeys' two workers share them; each sets up what it needs, with
// generous timeouts (each check runs axe twice and lays the page out three
// times, and make test shares the machine). a11y-routes.spec.ts runs after
// all of them (a project of its own in playwright.config.ts) and fails if a
// route has had no check.

export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
export const sizes = [
  { name: "390x844", width: 390, height: 844 },
  { name: "1280x800", width: 1280, height: 800 },
] as const;

export type Finding = {
  route: string;
  state: string;
  size: string;
  rule: string;
  impact: string;
  nodes: string[];
};
export type Result = { route: string; state: string; findings: Finding[]; narrow: string[] };

/** Where the checks write their results; Playwright empties it at each run. */
export function resultsFile(): string {
  return join(test.info().project.outputDir, "a11y-results.jsonl");
}

async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/**
 * axe at both sizes and the 320 px measure on the page as it is now (a
 * route in a state: filled in, a dialog open). `route` is its row in the
 * route table (src/app/paths.ts). Serious and critical findings and anything
 * cut off at 320 px fail the test (softly: every route still gets checked).
 */
export async function checkPage(page: Page, route: string, state: string) {
  const viewport = page.viewportSize();
  const findings: Finding[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size);
    await settle(page);
    const axe = await new AxeBuilder({ page }).withTags(axeTags).analyze();
    for (const v of axe.violations) {
      findings.push({
        route,
        state,
        size: size.name,
        rule: v.id,
        impact: v.impact ?? "unknown",
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      });
    }
  }
  await page.setViewportSize({ width: 320, height: 740 });
  await settle(page);
  const narrow = await page.evaluate(measureNarrow);
  if (viewport) await page.setViewportSize(viewport);

  const result: Result = { route, state, findings, narrow };
  await mkdir(test.info().project.outputDir, { recursive: true });
  await appendFile(resultsFile(), JSON.stringify(result) + "\n");
  const bad = findings.filter((f) => f.impact === "serious" || f.impact === "critical");
  expect.soft(bad, `axe on ${route} (${state})`).toEqual([]);
  expect.soft(narrow, `${route} (${state}) at 320 px`).toEqual([]);
}

/** Runs in the page at 320 px: what scrolls sideways or is cut off. */
function measureNarrow(): string[] {
  const out: string[] = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width) out.push(`the page is ${root.scrollWidth} px wide`);
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? "").trim().slice(0, 40)}"`;
  // A box whose content is wider than it (a table, a long line) scrolls
  // sideways inside the page: at 320 px lists read as cards and text wraps,
  // so only a region that must scroll may, and then the keyboard must be
  // able to reach it (it takes the focus) and it says what it is (a name).
  for (const box of document.querySelectorAll("body *")) {
    const style = getComputedStyle(box);
    if (style.overflowX !== "auto" && style.overflowX !== "scroll") continue;
    if (!box.checkVisibility() || box.scrollWidth <= box.clientWidth + 1) continue;
    const focusable = (box as HTMLElement).tabIndex >= 0;
    const named = box.hasAttribute("aria-label") || box.hasAttribute("aria-labelledby");
    if (focusable && named) continue;
    out.push(
      `${box.tagName.toLowerCase()}.${box.className} scrolls sideways by ${box.scrollWidth - box.clientWidth} px, ` +
        "unreachable or unnamed for the keyboard",
    );
  }
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])',
  );
  for (const el of controls) {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    // Visually hidden on purpose (1 px), or parked off-screen until focused (the skip link).
    if (r.width <= 1 || r.height <= 1 || r.right <= 0) continue;
    if (r.left < -0.5 || r.right > width + 0.5) {
      out.push(`${name(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)} px`);
      continue;
    }
    // Cut off by a box that scrolls or hides what overflows it.
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === "visible") continue;
      const box = p.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
        out.push(`${name(el)} is cut off by its ${p.tagName.toLowerCase()}.${p.className}`);
        break;
      }
    }
  }
  return out;
}

// scripts/test/e2e.sh makes this address an admin; the start-up mail sets its password.
export const a11yAdmin = { email: "a11y@lifetag.test", password: "a11y-admin-password" };

/**
 * Signs in as a11yAdmin at /login; the first time in a run (whichever spec
 * comes first), sets the password the start-up mail asks for.
 */
export async function signInAsA11yAdmin(page: Page) {
  const { email, password } = a11yAdmin;
  const tried = await page.request.post("/api/auth/login", { data: { email, password } });
  if (tried.status() !== 200) {
    const mail = await outboxMail(email, "Set your Lifetag password");
    const link = mail && /https?:\/\/\S+\/set-password\?\S+/.exec(mail)?.[0];
    if (!link) throw new Error(`no set-password mail to ${email}`);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Total Users")).toBeVisible();
}

/** Every result the checks wrote in this run, the newest per route and state. */
export async function readResults(): Promise<Result[]> {
  const text = await readFile(resultsFile(), "utf8").catch(() => "");
  const byKey = new Map<string, Result>();
  for (const line of text.split("\n").filter(Boolean)) {
    const r = JSON.parse(line) as Result;
    byKey.set(`${r.route} ${r.state}`, r);
  }
  return [...byKey.values()];
}

/**
 * axe on the desktop print station's window as it is now (the
 * station window too). It is a desktop window, not a page a phone opens,
 * so it is checked at its own size only, and serious or critical findings
 * fail the test (softly, so every state is still checked).
 */
export async function checkStationWindow(page: Page, state: string) {
  await settle(page);
  const axe = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const bad = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  expect.soft(bad, `axe on the station window (${state})`).toEqual([]);
}

/** The route table's row for an unknown address (the router's catch-all). */
export const notFound = "*";

/** The page's own heading has drawn (the routes are lazy-loaded). */
export async function ready(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
}

/**
 * Presses the page's submit button, so the form's messages show (the
 * browser's own for a required field, else the page's, tied to the field).
 */
export async function submitEmpty(page: Page) {
  await page.locator("main form").first().locator('button[type="submit"]').first().click();
  await expect(page.locator("main :invalid, main [aria-invalid='true']").first()).toBeAttached();
}

/** Keeps, in window.live, "text|politeness" of every live region that appears. */
export async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { live: string[] }).live = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[aria-live]")) {
        const entry = `${(el.textContent ?? "").trim()}|${el.getAttribute("aria-live")}`;
        if (el.textContent?.trim() && !seen.includes(entry)) seen.push(entry);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
