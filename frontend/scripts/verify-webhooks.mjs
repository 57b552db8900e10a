// Verifies webhook deliveries with the Standard Webhooks reference library
// (the standardwebhooks package), as an integrator's receiver would:
//   node scripts/verify-webhooks.mjs deliveries.json
// deliveries.json: [{ "secret": "whsec_...", "headers": {...}, "body": "..." }].
// Prints "verified N deliveries" and exits 0 only when every one verifies;
// cloud/http's webhook test runs it on everything its receiver got.
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";

const deliveries = JSON.parse(readFileSync(process.argv[2], "utf8"));
let failed = 0;
for (const d of deliveries) {
  try {
    const payload = new Webhook(d.secret).verify(d.body, d.headers);
    if (typeof payload.type !== "string" || !payload.data) throw new Error("not an event");
  } catch (err) {
    failed++;
    console.error(`${d.headers["webhook-id"]}: ${err.message}`);
  }
}
if (failed > 0 || deliveries.length === 0) {
  console.error(`${failed} of ${deliveries.length} deliveries did not verify`);
  process.exit(1);
}
console.log(`verified ${deliveries.length} deliveries`);
