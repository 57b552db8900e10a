import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  blobBytes,
  decodePdf,
  escapeDialog,
  expectPurchaseFinished,
  expectToast,
  outboxMail,
  payInDialog,
  printCalls,
  snap,
  startPhysicalOrder,
  stubPrint,
} from "./helpers";

// The admin side against the real cloud: ADMIN_EMAILS in
// scripts/test/e2e.sh seeds fulfilment@lifetag.test, who is mailed a
// set-password link at start.
const admin = { email: "fulfilment@lifetag.test", password: "fulfil-password" };
const customer = "fulfil-customer@example.com";

/** The set-password link (path and query) in the newest setup mail to `to`. */
async function setupLink(to: string): Promise<string> {
  const mail = await outboxMail(to, "Set your Lifetag password");
  const link = mail && /https?:\/\/\S+\/set-password\?\S+/.exec(mail)?.[0];
  if (!link) throw new Error(`no set-password mail to ${to}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

async function setPasswordAndSignIn(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, password);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

// The journeys run in order in one worker (serial, below).
let adminPasswordSet = false;

/** The admin, signed in on a browser of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await stubPrint(page);
  if (!adminPasswordSet) {
    // The first journey sets the password the start-up mail asks for.
    await setPasswordAndSignIn(page, await setupLink(admin.email), admin.email, admin.password);
    adminPasswordSet = true;
  } else {
    await signIn(page, admin.email, admin.password);
  }
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Total Users")).toBeVisible();
  return page;
}

test.describe.configure({ mode: "serial" });

test("a paid order for printed labels is printed, shipped and tracked", async ({
  page,
  browser,
}) => {
  // The customer orders printed labels through the test checkout.
  await startPhysicalOrder(page, customer);
  await payInDialog(page, "Order Physical Labels");
  await expectPurchaseFinished(page);
  await page.getByRole("button", { name: "View QR Code Content" }).click();
  const qrText = await page.getByRole("dialog").getByTestId("qr-text").innerText();
  await escapeDialog(page);

  // The admin finds the order by searching for the customer.
  const desk = await adminPage(browser);
  await snap(desk, "admin-users");
  await desk.getByRole("tab", { name: /Physical Orders/ }).click();
  await desk.getByLabel("Search by order ID, user email, status or label type").fill(customer);
  const row = desk.getByRole("row").filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("£9.99")).toBeVisible();
  await expect(row.getByText("pending")).toBeVisible();
  await snap(desk, "admin-orders");

  // Customer Emergency Data, then Print Labels: the label engine's PDF,
  // every code of which reads as the customer's own code.
  await row.getByRole("button", { name: "Print Labels" }).click();
  const dialog = desk.getByRole("dialog", { name: "Customer Emergency Data" });
  await expect(dialog.getByText("Jane Doe", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Penicillin")).toBeVisible();
  await expect(dialog.getByText("Printing Instructions")).toBeVisible();
  await expect(dialog.getByText(/1 High Street/)).toBeVisible();
  await expect(dialog.getByText(/YO1 7HH/)).toBeVisible();
  await snap(desk, "admin-customer-data");
  await dialog.getByRole("button", { name: "Print Labels" }).click();
  await expect.poll(() => printCalls(desk)).toHaveLength(1);
  const printed = (await printCalls(desk))[0]!;
  expect(printed.contentType).toBe("application/pdf");
  const pdfPath = join(mkdtempSync(join(tmpdir(), "lifetag-admin-")), "order.pdf");
  writeFileSync(pdfPath, await blobBytes(desk, printed.url));
  const codes = decodePdf(pdfPath).split(qrText);
  expect(codes.length - 1).toBe(10); // one helmet sheet (A4, 2 x 5) for one pack
  expect(codes.join("").trim()).toBe(""); // and nothing else on it
  await dialog.getByRole("button", { name: "Close" }).click();

  // Printing moved it to processing; shipped takes a tracking number.
  await expect(row.getByText("processing")).toBeVisible();
  await row.getByRole("button", { name: /^Edit / }).click();
  const update = desk.getByRole("dialog", { name: "Update Order Status" });
  // The label tells the truth: Shipped needs a tracking number.
  await expect(update.getByLabel("Tracking Number (required when Shipped)")).toBeVisible();
  await update.getByLabel("Status").selectOption("shipped");
  await expect(update.getByLabel("Tracking Number (required)")).toHaveAttribute("required", "");
  await update.getByLabel("Tracking Number (required)").fill("RM123456785GB");
  await snap(desk, "admin-update-order");
  await update.getByRole("button", { name: "Update Order" }).click();
  await expectToast(desk, "Success");
  await expect(row.getByText("shipped")).toBeVisible();

  // The customer sees it, and was mailed.
  await page.goto("/dashboard");
  await expect(page.getByText("RM123456785GB")).toBeVisible();
  await expect(page.getByText("shipped", { exact: true })).toBeVisible();
  await expect
    .poll(() => outboxMail(customer, "Your Lifetag labels are on their way"))
    .toContain("RM123456785GB");

  await desk.getByRole("tab", { name: /Activity/ }).click();
  // Every line reads as a sentence, the address read included.
  await expect(desk.getByText(/^Printed the labels of order LT-/)).toBeVisible();
  await expect(desk.getByText(/^Viewed the delivery address of order LT-/).first()).toBeVisible();
  await expect(desk.getByText(/^Moved order LT-\S+ to shipped\.$/)).toBeVisible();
  for (const raw of ["order.address_viewed", "customer_data.viewed", "order.labels_printed"])
    await expect(desk.getByText(raw)).toHaveCount(0);
  await snap(desk, "admin-activity");
});

test("an admin creates a user with print access, revokes it, exports users and deletes the user", async ({
  browser,
}) => {
  const desk = await adminPage(browser);
  const email = "made-by-admin@example.com";
  await desk.getByRole("button", { name: "Add User" }).click();
  const create = desk.getByRole("dialog", { name: "Create New User" });
  await create.getByLabel("Email").fill(email);
  await create.getByRole("switch", { name: "Grant print access immediately" }).click();
  await create.getByRole("button", { name: "Create User" }).click();
  const created = desk.getByRole("dialog", { name: "User Created Successfully" });
  const link = new URL(await created.getByLabel("Password setup link").inputValue());
  await snap(desk, "admin-user-created");
  await created.getByRole("button", { name: "Done" }).click();

  // The new user sets a password through the link and can download labels.
  const user = await (await browser.newContext()).newPage();
  await setPasswordAndSignIn(user, link.pathname + link.search, email, "made-password");
  await expect(user).not.toHaveURL(/\/login$/);
  const record = {
    email,
    emergencyData: {
      personalInfo: { fullName: "Made User", email, dateOfBirth: "1990-04-01", bloodType: "A+" },
      emergencyContacts: [
        { id: "c1", name: "Kin", relationship: "Sister", phone: "+44 7700 900555" },
      ],
      medicalInfo: { allergies: "", medications: "", conditions: "" },
    },
  };
  expect((await user.request.post("/api/sync/emergency-data", { data: record })).status()).toBe(
    200,
  );
  // The record the screen shows goes with the request (the cloud refuses to
  // print details older than the screen's).
  const sheet = {
    email,
    emergencyData: record.emergencyData,
    labelOptions: {
      labelType: "wallet",
      paperSize: "a4",
      printQuality: "standard",
      waterproof: false,
    },
  };
  const labels = await user.request.post("/api/labels/sheet.pdf", { data: sheet });
  expect(labels.status()).toBe(200);
  expect(labels.headers()["content-type"]).toBe("application/pdf");

  // Part of the address finds it, wherever the part is.
  await desk.getByLabel("Search by email, ID or referral code").fill("by-admin@exa");
  await expect(desk.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await snap(desk, "admin-users-search-anywhere");

  // Revoked: no more labels.
  await desk.getByLabel("Search by email, ID or referral code").fill(email);
  const row = desk.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("switch").click();
  await expectToast(desk, "Access Updated");
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  expect((await user.request.post("/api/labels/sheet.pdf", { data: sheet })).status()).toBe(403);

  // Export: a CSV that parses and holds the user.
  const downloading = desk.waitForEvent("download");
  await desk.getByRole("button", { name: "Export Users CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lifetag-users-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\n");
  expect(csv[0]).toBe("id,email,hasPrintAccess,referralCode,referralCount,createdAt");
  const rows = csv.slice(1).map((line) => line.split(","));
  expect(rows.every((r) => r.length === 6)).toBe(true);
  expect(rows.find((r) => r[1] === email)?.[2]).toBe("false");

  // Deleted: they cannot sign in.
  await row.getByRole("button", { name: `Delete ${email}` }).click();
  await expect(
    desk.getByText("Are you sure you want to delete this user? This action cannot be undone."),
  ).toBeVisible();
  await snap(desk, "admin-delete-confirm");
  await desk.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(desk, "User Deleted");
  await expect(row).toHaveCount(0);
  await signIn(user, email, "made-password");
  await expectToast(user, "Login Failed");
});

test("the admin page asks a visitor to sign in and turns a customer away", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");
  await snap(page, "admin-access-required");
  await signIn(page, customer, "secret1");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expectToast(page, "Access Denied");
  await expect(page).toHaveURL(/\/dashboard$/);
});
