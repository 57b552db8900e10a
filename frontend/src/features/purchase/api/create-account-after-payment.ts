// POST /api/auth/create-account-after-payment (spec §7). Built by the payments issue.
import { apiJson } from "@/lib/api";

export interface CreatedAccount {
  user: {
    id: string | number;
    email: string;
    hasPrintAccess: boolean;
    referralCode?: string;
    createdAt?: string;
  };
}

export function createAccountAfterPayment(body: { email: string; password: string }) {
  return apiJson<CreatedAccount>("POST", "/api/auth/create-account-after-payment", body);
}
