import { expect, type Locator, type Page } from "@playwright/test";

// Keyboard-only moves for the journeys of keyboard.spec.ts: only
// Tab, Shift+Tab, typing and the keys a person presses, never the mouse or a
// locator's click/fill/focus.

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, and
 * checks that the focus is shown there; fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  opts: { back?: boolean; max?: number } = {},
) {
  await expect(target).toBeVisible();
  // A disabled control takes no focus, so Tab would pass it by: the
  // prerendered home page's form is disabled until the app takes it over,
  // which on a busy machine (or a slow start) is later than it shows.
  await expect.poll(() => target.evaluate((el) => el.matches(":disabled"))).toBe(false);
  // The locator, not an element handle: the prerendered home page's nodes
  // may be replaced as React takes it over.
  for (let i = 0; i < (opts.max ?? 80); i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(await target.evaluate((el) => el.matches(":focus-visible")), "focus shown").toBe(true);
      return;
    }
    await page.keyboard.press(opts.back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Tabs to a text field and types `text` over what it holds; `atOnce` enters
 * it as one input, as a paste or a phone's suggestion does (a search that
 * redraws a long list on every key would otherwise take a key's time each).
 */
export async function typeInto(
  page: Page,
  field: Locator,
  text: string,
  opts: { atOnce?: boolean } = {},
) {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  if (opts.atOnce) await page.keyboard.insertText(text);
  else await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a select and moves through its options with the arrow keys to `label`. */
export async function chooseOption(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  await page.keyboard.press("Home");
  for (let i = 0; i < 60; i++) {
    const chosen = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      return s.options[s.selectedIndex]?.text ?? "";
    });
    if (chosen === label) return;
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`no option ${label} in ${select}`);
}

/** Tabs to a button or link and presses Enter. */
export async function press(page: Page, control: Locator) {
  await tabTo(page, control);
  await page.keyboard.press("Enter");
}

/** The focus is on `target` now, and shown. */
export async function expectFocus(target: Locator) {
  await expect(target).toBeFocused();
  expect(await target.evaluate((el) => el.matches(":focus-visible")), "focus shown").toBe(true);
}
