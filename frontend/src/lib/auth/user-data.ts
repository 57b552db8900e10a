// GET /api/user/data?email (docs/design/individual.md §7).
import { getJsonOrNullOn401, type Wire } from "@/lib/api";

export type UserDataResponse = Wire<"UserData">;

export function getUserData(email: string): Promise<UserDataResponse | null> {
  return getJsonOrNullOn401<UserDataResponse>(`/api/user/data?email=${encodeURIComponent(email)}`);
}
