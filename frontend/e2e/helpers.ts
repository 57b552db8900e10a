import { expect, type Page } from "@playwright/test";

export const jane = {
  fullName: "Jane Doe",
  email: "jane@example.com",
  bloodType: "O+",
  weight: "70.5",
  contactName: "John Doe",
  relationship: "Husband",
  phone: "+44 7700 900123",
  allergies: "Penicillin",
};

/** Screenshots of the current screen at phone and desktop sizes, kept as artefacts. */
export async function snap(page: Page, name: string) {
  // Nothing may scroll sideways at the narrowest supported width (360 px).
  await page.mouse.move(0, 0);
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow, `${name} is wider than 360 px`).toBeLessThanOrEqual(360);
  for (const [label, size] of [
    ["390x844", { width: 390, height: 844 }],
    ["1280x800", { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
}

/** Counts window.print() calls instead of opening the print dialog. */
export async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

export async function printCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { printed: number }).printed);
}

export async function fillEmergencyForm(page: Page) {
  await page.getByLabel(/^Full name/).fill(jane.fullName);
  await page.getByLabel(/^Email/).fill(jane.email);
  await page.getByLabel(/^Blood type/).selectOption(jane.bloodType);
  await page.getByLabel(/^Weight/).fill(jane.weight);
  const contact = page.locator(".contact").first();
  await contact.getByLabel(/^Name/).fill(jane.contactName);
  await contact.getByLabel(/^Relationship/).fill(jane.relationship);
  await contact.getByLabel(/^Phone/).fill(jane.phone);
  await page.getByLabel(/^Allergies/).fill(jane.allergies);
}

export async function expectToast(page: Page, title: string) {
  await expect(page.locator(".toast-title").filter({ hasText: title })).toBeVisible();
}
