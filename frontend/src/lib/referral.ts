// The referral code a visitor arrived with (?ref=), kept until purchase so
// the payment can credit the referrer. Product-prefixed, so logout clears it.
// The code is checked where it comes in: a code that cannot be anyone's is
// never stored, so it can never ride along with a payment.
import { readString, removeKey, STORAGE_PREFIX, writeString } from "@/lib/storage";

const key = `${STORAGE_PREFIX}referral_code`;

/** The same rule as the cloud's ReferralCodeProblem (cloud/user.go). */
export const referralCodeRule = {
  minLength: 6,
  maxLength: 32,
  /** docs/design/individual.md §5. */
  tooShort: "Referral code must be at least 6 characters",
  malformed: "Referral code must be letters and digits only, at most 32 characters",
};

/** Why a code cannot be a referral code, or null when it can. */
export function referralCodeProblem(code: string): string | null {
  if (code.length < referralCodeRule.minLength) return referralCodeRule.tooShort;
  if (code.length > referralCodeRule.maxLength || !/^[A-Za-z0-9]+$/.test(code)) {
    return referralCodeRule.malformed;
  }
  return null;
}

/**
 * Keeps a valid code from a referral link and returns null; an invalid one
 * is not kept (an earlier valid code stays) and its problem is returned.
 */
export function rememberReferralCode(raw: string): string | null {
  const code = raw.trim();
  const problem = referralCodeProblem(code);
  if (problem === null) writeString(key, code);
  return problem;
}

/** The stored code; one stored before this rule existed and failing it is dropped. */
export function referralCode(): string | null {
  const code = readString(key);
  if (code === null) return null;
  if (referralCodeProblem(code) !== null) {
    removeKey(key);
    return null;
  }
  return code;
}

export function forgetReferralCode(): void {
  removeKey(key);
}
