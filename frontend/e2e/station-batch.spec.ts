import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { decodePdf, stationWait, waitForSavedPdf } from "./helpers";
import { outboxDir } from "./worker";

// Corporate batch printing at the station (scripts/station/test.sh runs it
// last, with the cloud started again): an organisation on a trial with two
// codes in its library, set up through the cloud's API; its safety officer
// signs in at the station's corporate door and prints both on one sheet.
const stationUrl = process.env.STATION_URL ?? "";
const saveDir = process.env.STATION_SAVE_DIR ?? "";
const officer = { email: "safety@station-org.test", password: "batch-password-1" };
const workers = ["Ada Worker", "Bob Worker"];

/** The corporate password-setup token mailed to `to`, from the cloud's outbox. */
async function setupToken(to: string): Promise<string> {
  const outbox = outboxDir();
  let token = "";
  await expect
    .poll(async () => {
      for (const name of (await readdir(outbox)).sort().reverse()) {
        const mail = await readFile(join(outbox, name), "utf8");
        const found =
          mail.startsWith(`To: ${to}\n`) && /corporate-password-setup\?token=(\S+)/.exec(mail);
        if (found) token = found[1]!;
        if (token) return true;
      }
      return false;
    })
    .toBe(true);
  return token;
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<unknown> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return response.json();
}

test("a corporate user batch-prints library codes at the station", async ({ browser, request }) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  await ok(
    await request.post("/api/corporate/register", {
      data: {
        name: "Station Safety Ltd",
        contactEmail: officer.email,
        subscriptionTier: "starter",
      },
    }),
  );
  // Opening the mailed link proves the address and makes the organisation.
  const { organizationId } = (await ok(
    await request.post("/api/corporate/setup-password", {
      data: { token: await setupToken(officer.email), password: officer.password },
    }),
  )) as { organizationId: number };
  await ok(await request.post("/api/corporate/login", { data: officer }));
  for (const name of workers) {
    await ok(
      await request.post(`/api/corporate/${organizationId}/qr-codes`, {
        data: {
          name,
          templateId: 0,
          labelType: "helmet",
          values: {
            fullName: name,
            bloodType: "A+",
            contact1Name: "Site Office",
            contact1Phone: "+44 7700 900456",
          },
        },
      }),
    );
  }

  // The station is still signed in as the fulfilment admin: sign out, then
  // in at the corporate door.
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await station.getByRole("button", { name: "Sign Out" }).click();
  await station.getByLabel("Corporate user").check();
  await station.getByLabel(/^Email/).fill(officer.email);
  await station.getByLabel(/^Password/).fill(officer.password);
  await station.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(station.getByRole("tab", { name: "Batch" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(station.getByRole("tab", { name: "Fulfilment" })).toBeDisabled();

  // The website's batch screen: both codes from the library, then Print.
  await station.getByRole("button", { name: "Add from Library" }).click();
  const picker = station.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByRole("button", { name: "Select All" }).click();
  await picker.getByRole("button", { name: "Add 2 to Queue" }).click();
  await expect(station.getByText(workers[0]!).first()).toBeVisible();
  await station.screenshot({ path: "test-results/screens/station-batch.png" });
  await station.getByRole("button", { name: "Print", exact: true }).click();
  const saved = await waitForSavedPdf(saveDir);
  const codes = decodePdf(saved);
  for (const name of workers) expect(codes).toContain(name);
  // The batch screen's online list synced the library for offline work
  // (e2e/station-batch-offline.spec.ts prints from it).
  await expect(station.getByText(/Last synced \d\d:\d\d\./)).toBeVisible({ timeout: stationWait });
});
