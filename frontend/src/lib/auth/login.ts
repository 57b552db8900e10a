// POST /api/auth/login (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type LoginRequest = Wire<"LoginRequest">;

/** The website gets no token: the answer's cookie is the session. */
export type LoginResponse = Wire<"LoginResponse">;

/** Signed in, or (202) the second step the account needs: see second-step.ts. */
export function login(body: LoginRequest): Promise<LoginResponse | Wire<"SignInStep">> {
  return apiJson<LoginResponse | Wire<"SignInStep">>("POST", "/api/auth/login", body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Admins go to /admin after sign-in (docs/design/individual.md §2); only the server knows who they are. */
export function isAdmin(user: LoginResponse["user"]): boolean {
  return user.isAdmin;
}
