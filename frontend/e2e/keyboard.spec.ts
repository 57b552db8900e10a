import { expect, test, type Page } from "@playwright/test";
import { signInAsA11yAdmin } from "./a11y";
import {
  createCodes,
  decodePdf,
  escapeDialog,
  expectPurchaseFinished,
  expectToast,
  jane,
  moveFieldUpWithKeys,
  payInDialog,
  printCalls,
  registerAndSignIn,
  startPhysicalOrder,
  stubPrint,
} from "./helpers";
import { chooseOption, expectFocus, press, tabTo, typeInto } from "./keyboard";

// Keyboard-only journeys: no mouse from the first page to the
// result. Each dialog opens with the focus on its first field or primary
// action and gives it back to the control that opened it; the focus is
// shown wherever it goes. Setting up what a journey starts from (another
// person's order, a library's records) uses the API or the mouse; the
// journey itself never does.

test("the individual's form to a paid label PDF", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await typeInto(page, page.getByLabel(/^Full name/), jane.fullName);
  await typeInto(page, page.getByLabel(/^Email/), "keys.person@example.com");
  await chooseOption(page, page.getByLabel(/^Blood type/), jane.bloodType);
  await typeInto(page, page.getByLabel(/^Weight/), jane.weight);
  const contact = page.locator(".contact").first();
  await typeInto(page, contact.getByLabel(/^Name/), jane.contactName);
  await typeInto(page, contact.getByLabel(/^Relationship/), jane.relationship);
  await typeInto(page, contact.getByLabel(/^Phone/), jane.phone);
  await typeInto(page, page.getByLabel(/^Allergies/), jane.allergies);

  // The phone preview: opens on its one action, Escape gives the focus back.
  const previewButton = page.getByRole("button", { name: "Preview the label on a phone" });
  await press(page, previewButton);
  const preview = page.getByRole("dialog", { name: "Label preview" });
  await expectFocus(preview.getByRole("button", { name: "Close" }));
  await page.keyboard.press("Escape");
  await expectFocus(previewButton);

  await press(page, page.getByRole("button", { name: "Generate My QR Code" }));
  await expect(page).toHaveURL(/\/qr-generated$/);
  await press(page, page.getByRole("button", { name: "Unlock Printing - £0.99" }));
  await expect(page).toHaveURL(/\/account-setup$/);
  await typeInto(page, page.getByLabel(/^Password/), "secret1");
  await typeInto(page, page.getByLabel(/^Confirm password/), "secret1");
  await press(page, page.getByRole("button", { name: "Continue to Payment" }));
  await expect(page).toHaveURL(/\/payment-summary$/);
  const pay = page.getByRole("button", { name: "Pay £0.99" });
  await press(page, pay);
  const dialog = page.getByRole("dialog", { name: "Unlock Print Functionality" });
  await expectFocus(dialog.getByLabel("Test card number"));
  await typeInto(page, dialog.getByLabel("Test card number"), "4242 4242 4242 4242");
  await press(page, dialog.getByRole("button", { name: /^Pay £/ }));
  await expectPurchaseFinished(page);

  // The content dialog gives the focus back to its button.
  const view = page.getByRole("button", { name: "View QR Code Content" });
  await press(page, view);
  await expect(page.getByRole("dialog")).toBeVisible();
  await escapeDialog(page);
  await expectFocus(view);

  await press(page, page.getByRole("link", { name: /Print/ }).first());
  await expect(page).toHaveURL(/\/print-preview$/);
  const downloading = page.waitForEvent("download");
  await press(page, page.getByRole("button", { name: /Download/ }));
  const download = await downloading;
  expect(decodePdf((await download.path())!)).toContain(`Name: ${jane.fullName}`);
});

test("each stop of the date-of-birth field shows the focus, its calendar button too", async ({
  page,
}) => {
  await page.goto("/");
  const dob = page.getByLabel(/^Date of birth/);
  await tabTo(page, dob);
  // Day, month, year, then the calendar button: four stops inside one field,
  // the last inside the browser's own part of it, where :focus-visible does
  // not reach, so the ring is read off the field itself.
  for (let stop = 1; stop <= 4; stop++) {
    if (stop > 1) await page.keyboard.press("Tab");
    expect(await dob.evaluate((el) => el === document.activeElement), `stop ${stop}`).toBe(true);
    expect(await dob.evaluate((el) => getComputedStyle(el).outlineStyle), `stop ${stop}`).toBe(
      "solid",
    );
  }
});

test("the admin's order, from search to shipped", async ({ page, browser }) => {
  // Setup: a customer's paid order for printed labels.
  const customer = await (await browser.newContext()).newPage();
  await startPhysicalOrder(customer, "keys.customer@example.com");
  await payInDialog(customer, "Order Physical Labels");
  await expectToast(customer, "Payment Successful");
  const orders = await customer.request.get(
    `/api/user/orders?email=${encodeURIComponent("keys.customer@example.com")}`,
  );
  const orderId = ((await orders.json()) as { orders: { orderId: string }[] }).orders[0]!.orderId;
  await customer.context().close();

  await signInAsA11yAdmin(page);
  await press(page, page.getByRole("tab", { name: /^Physical Orders/ }));
  await typeInto(page, page.getByLabel(/^Search by order ID/), orderId);
  const edit = page.getByRole("button", { name: `Edit ${orderId}` });
  await expect(page.getByRole("row")).toHaveCount(2);
  await press(page, edit);
  const dialog = page.getByRole("dialog", { name: "Update Order Status" });
  const status = dialog.getByLabel(/^Status/);
  await expectFocus(status);
  await chooseOption(page, status, "shipped");
  await typeInto(page, dialog.getByLabel(/^Tracking Number/), "RM123456789GB");
  await press(page, dialog.getByRole("button", { name: "Update Order" }));
  await expect(dialog).toHaveCount(0);
  await expectFocus(edit);
  await expect(page.getByRole("row").filter({ hasText: orderId })).toContainText(/shipped/i);
});

/** An officer of a new trial organisation, signed in (setup, with the mouse). */
async function officer(page: Page, name: string, email: string): Promise<number> {
  return registerAndSignIn(page, name, { email, password: "officer-password-1" });
}

test("a safety officer builds and reorders a template, queues codes and prints a batch", async ({
  page,
}) => {
  const orgId = await officer(page, "Keys Template Ltd", "keys.officer@template.example");
  await createCodes(page, orgId, ["Ann Okafor", "Bob Singh"]);
  await stubPrint(page);
  await page.goto("/corporate/form-builder");
  await press(page, page.getByRole("button", { name: "Create Custom Template" }));
  await press(page, page.getByRole("button", { name: "Load Default" }));
  await expectToast(page, "Default Template Loaded");

  const addField = page.getByRole("button", { name: "Add Field" });
  await press(page, addField);
  const dialog = page.getByRole("dialog", { name: "Add Field" });
  await expectFocus(dialog.getByLabel("Field Type"));
  await typeInto(page, dialog.getByLabel(/^Field Label/), "Site");
  await press(page, dialog.getByRole("button", { name: "Add Field" }));
  await expect(dialog).toHaveCount(0);
  await expectFocus(addField);
  const rows = page.getByTestId("template-field");
  await expect(rows.nth(6)).toContainText("7. Site");

  // dnd-kit's keyboard sensor moves Site up one place.
  await tabTo(page, page.getByRole("button", { name: "Drag to reorder Site" }), { back: true });
  await moveFieldUpWithKeys(page, "Site", 7, 7);
  await expect(rows.nth(5)).toContainText("6. Site");

  await typeInto(page, page.getByLabel(/^Template Name/), "Yard crew");
  await press(page, page.getByRole("button", { name: "Save Template" }));
  await expectToast(page, "Form template created successfully");

  await page.goto("/label-batch-print");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const addFromLibrary = page.getByRole("button", { name: "Add from Library" });
  await press(page, addFromLibrary);
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await expectFocus(picker.getByLabel("Search by name or project"));
  await press(page, picker.getByRole("button", { name: "Select All" }));
  await press(page, picker.getByRole("button", { name: "Add 2 to Queue" }));
  await expectToast(page, "QR Codes Added");
  await expect(picker).toHaveCount(0);
  await expectFocus(addFromLibrary);
  await press(page, page.getByRole("button", { name: "Print", exact: true }));
  await expect.poll(() => printCalls(page)).toHaveLength(1);
});

test("a worker fills in the collection form", async ({ page, browser }) => {
  const orgId = await officer(page, "Keys Collect Ltd", "keys.officer@collect.example");
  const made = await page.request.post(`/api/corporate/${orgId}/collection-links`, {
    data: { templateId: 0, projectId: 0, expiresInDays: 7 },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const url = new URL(((await made.json()) as { link: { url: string } }).link.url);

  const worker = await (await browser.newContext()).newPage();
  await worker.goto(url.pathname);
  await expect(worker.getByRole("heading", { level: 1 })).toBeVisible();
  // Sending it empty: the first problem gets the focus, each field says what is wrong.
  await press(worker, worker.getByRole("button", { name: "Send my details" }));
  await expect(worker.locator('[aria-invalid="true"]').first()).toBeVisible();
  await typeInto(worker, worker.getByLabel(/^Full Name/), "Wendy Worker");
  await chooseOption(worker, worker.getByLabel(/^Blood Type/), "A-");
  await typeInto(worker, worker.getByLabel(/^Emergency Contact Name/), "Will Worker");
  await typeInto(worker, worker.getByLabel(/^Emergency Contact Phone/), "+44 7700 900456");
  const agree = worker.getByRole("checkbox", { name: /I agree to share/ });
  await tabTo(worker, agree);
  await worker.keyboard.press("Space");
  await expect(agree).toBeChecked();
  await press(worker, worker.getByRole("button", { name: "Send my details" }));
  await expect(
    worker.getByText("Thank you — your details were sent to Keys Collect Ltd."),
  ).toBeVisible();
});

// How many codes the large library holds: the Enterprise plan's quota.
const libraryCodes = 2000;

test(`editing a code in a library of ${libraryCodes}`, async ({ page }) => {
  test.setTimeout(480_000);
  const orgId = await officer(page, "Keys Library Ltd", "keys.officer@library.example");
  // Setup: the Enterprise plan (room for 2,000) through the test checkout, then the CSV import.
  await page.goto("/corporate/dashboard");
  await page.getByLabel(/^Subscription Plan/).selectOption("enterprise");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Registration complete!" })).toBeVisible();
  await expect(page.getByText(`0 of ${libraryCodes} used`)).toBeVisible();
  const templates = await page.request.get(`/api/corporate/${orgId}/form-templates`);
  const templateId = ((await templates.json()) as { templates: { id: number }[] }).templates[0]!.id;
  const lines = ["Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone"];
  for (let i = 1; i <= libraryCodes; i++) {
    lines.push(`Worker ${i},Worker ${i},O+,Site Office,+44 7700 ${String(900000 + i)}`);
  }
  const imported = await page.request.post(`/api/corporate/${orgId}/qr-codes/import`, {
    data: { templateId, projectId: 0, csv: lines.join("\n") + "\n", commit: true },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.goto("/corporate/qr-codes");
  // Generous waits: today every one of the 2,000 rows is drawn.
  await expect(page.getByText(`${libraryCodes} of ${libraryCodes} QR codes used`)).toBeVisible({
    timeout: 60_000,
  });
  await typeInto(
    page,
    page.getByLabel("Search by name, project, employee number or ID"),
    "Worker 1234",
    {
      atOnce: true,
    },
  );
  const edit = page.getByRole("button", { name: "Edit: Worker 1234", exact: true });
  await expect(page.getByRole("button", { name: /^Edit: / })).toHaveCount(1);
  await press(page, edit);
  const dialog = page.getByRole("dialog", { name: "Edit QR Code" });
  // The record arrives after the dialog opens: the focus waits for its first field.
  await expect(dialog.getByLabel(/^Full Name/)).toHaveValue("Worker 1234");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  expect(await dialog.locator(":focus").evaluate((el) => el.tagName)).toMatch(
    /INPUT|SELECT|TEXTAREA/,
  );
  await typeInto(page, dialog.getByLabel(/^Allergies/), "Latex");
  await press(page, dialog.getByRole("button", { name: "Save QR Code" }));
  await expectToast(page, "QR code saved");
  await expect(dialog).toHaveCount(0);
  await expectFocus(edit);
});
