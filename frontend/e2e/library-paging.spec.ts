import { expect, test } from "@playwright/test";
import { createProject, expectToast, registerAndSignIn } from "./helpers";

// The library pages, searches and filters on the server: with 30 workers on pages of 25, the search finds a
// worker on the later page, and the project and status filters combine.

const officer = { email: "paging.officer@crew.example", password: "officer-password-1" };

/** A CSV of workers `from` to `to`, named "Worker 01" and so on. */
function workers(from: number, to: number): string {
  const rows = ["Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone"];
  for (let i = from; i <= to; i++) {
    const n = String(i).padStart(2, "0");
    rows.push(`Worker ${n},Worker ${n} Surname,O+,Bob Rider,+44 7700 900123`);
  }
  return rows.join("\n") + "\n";
}

test("the library pages on the server: search reaches a later page, filters combine", async ({
  page,
}) => {
  await registerAndSignIn(page, "Paging Crew Ltd", officer);
  await page.getByRole("link", { name: "New Project" }).click();
  await createProject(page, "North Site", "Scaffolding crew");

  // Workers 01 to 20 in North Site, 21 to 30 the organisation's own: the
  // oldest, 01 to 05, are on page 2 (newest first).
  await page.goto("/corporate/qr-codes");
  for (const [csv, project, count] of [
    [workers(1, 20), "North Site", 20],
    [workers(21, 30), null, 10],
  ] as const) {
    await page.getByRole("button", { name: "Import CSV" }).click();
    const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
    if (project) await importing.getByLabel(/^Project/).selectOption({ label: project });
    await importing.getByLabel("Or paste the CSV text").fill(csv);
    await importing.getByRole("button", { name: "Check rows" }).click();
    await importing.getByRole("button", { name: `Import ${count} QR codes` }).click();
    await expectToast(page, "QR codes imported");
    await expect(importing).toBeHidden();
  }
  await expect(page.getByText("30 of 50 QR codes used")).toBeVisible();
  const table = page.getByRole("table");
  const pager = page.getByRole("navigation", { name: "Pages of QR codes" });
  await expect(pager).toContainText("Page 1 of 2");
  await expect(table.getByRole("row")).toHaveCount(26); // the header and 25 codes
  await expect(table.getByText("Worker 30", { exact: true })).toBeVisible();
  await expect(table.getByText("Worker 01", { exact: true })).toHaveCount(0);

  // The search reaches Worker 01 on page 2.
  const search = page.getByLabel("Search by name, project, employee number or ID");
  await search.fill("worker 01");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("Worker 01", { exact: true })).toBeVisible();
  await expect(pager).toHaveCount(0);

  // Cleared, page 2 by the pager; Worker 01 deactivated there.
  await search.fill("");
  await expect(pager).toContainText("Page 1 of 2");
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(table.getByRole("row")).toHaveCount(6);
  await page.getByRole("button", { name: "Deactivate: Worker 01" }).click();
  await expectToast(page, "QR code deactivated");

  // The filters combine, on the server, from page 1.
  const filters = page.getByRole("region", { name: "Search and filters" });
  const projectFilter = filters.getByRole("combobox").nth(0);
  await page.getByLabel("Status").selectOption("inactive");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("Worker 01", { exact: true })).toBeVisible();
  await projectFilter.selectOption({ label: "Organization (no project)" });
  await expect(page.getByText("No QR codes match your search.")).toBeVisible();
  await projectFilter.selectOption({ label: "North Site" });
  await expect(table.getByText("Worker 01", { exact: true })).toBeVisible();
  await page.getByLabel("Status").selectOption("active");
  await expect(page.getByText("19 QR codes", { exact: true })).toBeVisible();
  await search.fill("north");
  await expect(page.getByText("19 QR codes", { exact: true })).toBeVisible();
  await search.fill("worker 2");
  await expect(page.getByText("1 QR code", { exact: true })).toBeVisible();
  await expect(table.getByText("Worker 20", { exact: true })).toBeVisible();
  await projectFilter.selectOption({ label: "All projects" });
  await expect(page.getByText("10 QR codes", { exact: true })).toBeVisible(); // 20 to 29
  await expect(page).toHaveURL(/\/corporate\/qr-codes$/);
});
