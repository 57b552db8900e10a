// The review cycle of a person's record (docs/review-cycles.md): when they
// last confirmed it, how often they are reminded, and a reminder's links.
import { apiJson, getJsonOrNullOn401, type Wire } from "@/lib/api";
import { siteLocale } from "@/lib/copy";

export type ReviewMonths = Wire<"ReviewReminderMonths">;

/** The periods a person may choose, in the order the setting lists them. */
export const reviewPeriods: readonly ReviewMonths[] = [12, 6, 0];

/** What the account's answer says of the review cycle. */
export interface ReviewState {
  reviewedAt: string | null;
  months: ReviewMonths;
}

/** GET /api/user/data, read for its review date and period; null when signed out. */
export async function getReviewState(email: string): Promise<ReviewState | null> {
  const data = await getJsonOrNullOn401<Wire<"UserData">>(
    `/api/user/data?email=${encodeURIComponent(email)}`,
  );
  return data && { reviewedAt: data.reviewedAt, months: data.reviewReminderMonths };
}

/** "My details are still right": POST /api/user/review. */
export function confirmReview(): Promise<Wire<"ReviewConfirmed">> {
  return apiJson("POST", "/api/user/review");
}

/** PUT /api/user/review-reminders. */
export function setReviewReminders(months: ReviewMonths): Promise<Wire<"ReviewRemindersSaved">> {
  const body: Wire<"ReviewRemindersRequest"> = { months };
  return apiJson("PUT", "/api/user/review-reminders", body);
}

/** A reminder's one-click confirm link (no sign-in). */
export function confirmReviewByLink(token: string): Promise<Wire<"ReviewConfirmed">> {
  return apiJson("POST", `/api/review-links/${encodeURIComponent(token)}/confirm`);
}

/** A reminder's unsubscribe link (no sign-in). */
export function unsubscribeByLink(token: string): Promise<Wire<"Message">> {
  return apiJson("POST", `/api/review-links/${encodeURIComponent(token)}/unsubscribe`);
}

const reviewDate = new Intl.DateTimeFormat(siteLocale, {
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "3 March 2026", in the reader's own time zone; null for no date. */
export function formatReviewDate(iso: string | null): string | null {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : reviewDate.format(t);
}
