// GET /api/user/orders?email (docs/design/individual.md §7).
import { useQuery } from "@tanstack/react-query";
import { getJsonOrNullOn401, type Wire } from "@/lib/api";

export type DashboardOrder = Wire<"OrderView">;

export async function getOrders(email: string): Promise<DashboardOrder[]> {
  const response = await getJsonOrNullOn401<Wire<"OrderList">>(
    `/api/user/orders?email=${encodeURIComponent(email)}`,
  );
  return response?.orders ?? [];
}

export function useOrders(email: string | null) {
  return useQuery({
    queryKey: ["orders", email],
    queryFn: () => getOrders(email!),
    enabled: email !== null,
  });
}
