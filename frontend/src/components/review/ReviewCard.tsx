import { useId } from "react";
import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paths } from "@/app/paths";
import {
  confirmReview,
  formatReviewDate,
  getReviewState,
  reviewPeriods,
  setReviewReminders,
  type ReviewMonths,
  type ReviewState,
} from "@/lib/review";
import { reviewCopy as copy } from "./copy";

/** The query of the account's review cycle, shared by the pages that show it. */
export const reviewQueryKey = (email: string) => ["review", email] as const;

/**
 * When the signed-in person last confirmed their record, a one-click "My
 * details are still right" that changes nothing else, and (on the account
 * page) how often they are reminded by mail.
 */
export function ReviewCard({ email, withSetting }: { email: string; withSetting: boolean }) {
  const client = useQueryClient();
  const key = reviewQueryKey(email);
  const periodId = useId();
  const review = useQuery({ queryKey: key, queryFn: () => getReviewState(email) });
  const update = (change: Partial<ReviewState>) =>
    client.setQueryData<ReviewState | null>(key, (old) => (old ? { ...old, ...change } : old));
  const confirm = useMutation({
    mutationFn: confirmReview,
    onSuccess: (answer) => update({ reviewedAt: answer.reviewedAt }),
  });
  const period = useMutation({
    mutationFn: setReviewReminders,
    onSuccess: (answer) => update({ months: answer.months }),
  });

  const state = review.data;
  if (!state) return null;
  const date = formatReviewDate(state.reviewedAt);
  return (
    <section className="card" aria-labelledby={`${periodId}-title`}>
      <h2 id={`${periodId}-title`}>{copy.title}</h2>
      <p>{date ? copy.lastConfirmed(date) : copy.neverConfirmed}</p>
      <p className="hint">{copy.why}</p>
      {date && (
        <div className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? copy.confirming : copy.confirm}
          </button>
          <Link to={paths.home} className="button button-ghost">
            {copy.edit}
          </Link>
        </div>
      )}
      <p role="status">
        {confirm.isSuccess && copy.confirmed}
        {confirm.isError && copy.confirmFailed}
      </p>
      {withSetting && (
        <div className="field">
          <label htmlFor={periodId}>{copy.remindLabel}</label>
          <select
            id={periodId}
            value={state.months}
            disabled={period.isPending}
            onChange={(e) => period.mutate(Number(e.target.value) as ReviewMonths)}
          >
            {reviewPeriods.map((months) => (
              <option key={months} value={months}>
                {copy.periods[months]}
              </option>
            ))}
          </select>
          <p role="status" className="hint">
            {period.isSuccess && copy.saved}
            {period.isError && copy.saveFailed}
          </p>
        </div>
      )}
    </section>
  );
}
