// The referral code a visitor arrived with (?ref=), kept until purchase so
// the payment can credit the referrer. Product-prefixed, so logout clears it.
import { readString, removeKey, STORAGE_PREFIX, writeString } from "@/lib/storage";

const key = `${STORAGE_PREFIX}referral_code`;

export function rememberReferralCode(code: string): void {
  writeString(key, code.trim());
}

export function referralCode(): string | null {
  return readString(key);
}

export function forgetReferralCode(): void {
  removeKey(key);
}
