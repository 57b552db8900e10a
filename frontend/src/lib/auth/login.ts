// POST /api/auth/login (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type LoginRequest = Wire<"LoginRequest">;

/** The website gets no token: the answer's cookie is the session. */
export type LoginResponse = Wire<"LoginResponse">;

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiJson<LoginResponse>("POST", "/api/auth/login", body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Admins go to /admin after sign-in (spec §2); only the server knows who they are. */
export function isAdmin(user: LoginResponse["user"]): boolean {
  return user.isAdmin;
}
