import { test } from "@playwright/test";
import { expectNotFramable } from "./helpers";

// No page of another site can frame the website (clickjacking a payment, a
// sign-in or a print): Chromium itself refuses, page, API answer and 404 alike.
// The station's window is checked the same way in e2e/station.spec.ts.
test("no other site can frame the website", async ({ page, baseURL }) => {
  for (const path of ["/", "/corporate-login", "/api/health", "/assets/missing.js"]) {
    await expectNotFramable(page, `${baseURL}${path}`);
  }
});
