import { expect, test } from "@playwright/test";

// The home page arrives pre-rendered: it paints before the JavaScript, and
// other addresses never flash it (they are served app.html, the site's
// frame without it). The app's entry script is held back here to look at
// the page as a slow phone would.
test("the home page paints before its JavaScript, other pages do not show it", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "If you can't speak for yourself, your label will.",
  );
  await expect(page.getByRole("button", { name: "Get Started - £0.99" })).toBeVisible();
  // The app replaces this HTML when it starts: typing into it now would be
  // lost, so its form waits, disabled, for the app.
  await expect(page.getByLabel(/^Full name/)).toBeDisabled();

  // Painted from the one HTML file: its stylesheet is inlined, no link waits.
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  await expect(page.locator("head style")).toHaveCount(1);

  // Every other address paints the site's frame from its HTML (the header,
  // an empty screen), never the home page's markup.
  await page.goto("/login", { waitUntil: "commit" });
  await expect(page.getByRole("link", { name: "Lifetag home" })).toBeVisible();
  await expect(page.locator("main#main > *")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
  // A worker's collection form stands outside the site's frame: nothing of it.
  await page.goto("/collect/not-a-real-link", { waitUntil: "commit" });
  await expect(page.locator("#root")).toBeAttached();
  await expect(page.locator("#root > *")).toHaveCount(0);
  await page.goto("/login", { waitUntil: "commit" });

  release();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByLabel(/^Full name/)).toBeEnabled();
});
