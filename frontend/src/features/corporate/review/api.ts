// Review rounds (cloud/service/review.go): an officer asks the workers whose
// codes are due for review to confirm or correct their details.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type ReviewRound = Wire<"ReviewRound">;
export type ReviewRoundDetail = Wire<"ReviewRoundDetail">;
export type HandOutLink = Wire<"ReviewHandOutLink">;

const roundsKey = (orgId: number) => ["corporate", "review-rounds", orgId] as const;

export function useReviewRounds(orgId: number | null) {
  return useQuery({
    queryKey: roundsKey(orgId ?? 0),
    queryFn: () => apiJson<Wire<"ReviewRoundList">>("GET", `/api/corporate/${orgId}/review-rounds`),
    enabled: orgId !== null,
    retry: false,
  });
}

export function useReviewRound(orgId: number, roundId: number | null) {
  return useQuery({
    queryKey: [...roundsKey(orgId), roundId],
    queryFn: () =>
      apiJson<ReviewRoundDetail>("GET", `/api/corporate/${orgId}/review-rounds/${roundId}`),
    enabled: roundId !== null,
    retry: false,
  });
}

export function useStartReviewRound(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reminderDays: number[]) =>
      apiJson<ReviewRound>("POST", `/api/corporate/${orgId}/review-rounds`, {
        reminderDays,
      } satisfies Wire<"ReviewRoundRequest">),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["corporate"] }),
  });
}

export function useHandOutLinks(orgId: number, roundId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<Wire<"ReviewHandOutLinks">>(
        "POST",
        `/api/corporate/${orgId}/review-rounds/${roundId}/hand-out-links`,
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: roundsKey(orgId) }),
  });
}

/** The reminder days an officer picks from, in days after the start. */
export const REMINDER_CHOICES = [3, 7, 14] as const;

/** The chosen days, ascending, as the server takes them. */
export function reminderDays(chosen: ReadonlySet<number>): number[] {
  return REMINDER_CHOICES.filter((d) => chosen.has(d));
}
