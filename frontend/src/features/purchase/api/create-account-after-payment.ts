// POST /api/auth/create-account-after-payment (docs/design/individual.md §7). Built by the payments issue.
import { apiJson, type Wire } from "@/lib/api";

export type CreatedAccount = Wire<"LoginResponse">;

export function createAccountAfterPayment(body: Wire<"LoginRequest">) {
  return apiJson<CreatedAccount>("POST", "/api/auth/create-account-after-payment", body);
}
