// GET /api/user/orders?email (spec §7).
import { useQuery } from "@tanstack/react-query";
import { getJsonOrNullOn401 } from "@/lib/api";

export interface DashboardOrder {
  id: string | number;
  orderId: string;
  labelType: string;
  quantity: number;
  createdAt: string;
  trackingNumber?: string | null;
  status: string;
  userEmail: string;
}

export async function getOrders(email: string): Promise<DashboardOrder[]> {
  const response = await getJsonOrNullOn401<{ orders?: DashboardOrder[] }>(
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
