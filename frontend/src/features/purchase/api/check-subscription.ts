// POST /api/check-subscription (docs/design/individual.md §7). A failure is logged and read as
// no access (docs/design/individual.md §8). Built by the payments issue.
import { useQuery } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

/** The server's answer; a failed check reads as no access alone. */
export type SubscriptionCheck = Pick<Wire<"SubscriptionStatus">, "hasAccess"> &
  Partial<Wire<"SubscriptionStatus">>;

export async function checkSubscription(email: string): Promise<SubscriptionCheck> {
  try {
    return await apiJson<Wire<"SubscriptionStatus">>("POST", "/api/check-subscription", { email });
  } catch (error) {
    console.error("Subscription check failed", error);
    return { hasAccess: false };
  }
}

export function useCheckSubscription(email: string | null) {
  return useQuery({
    queryKey: ["check-subscription", email],
    queryFn: () => checkSubscription(email!),
    enabled: email !== null,
  });
}
