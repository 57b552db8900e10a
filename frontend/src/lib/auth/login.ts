// POST /api/auth/login (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export interface LoginRequest {
  email: string;
  password: string;
}

/** The website gets no token: the answer's cookie is the session. */
export interface LoginResponse {
  user: {
    id: string | number;
    email: string;
    hasPrintAccess: boolean;
    /** The server's word on who is an administrator (DESIGN.md). */
    isAdmin?: boolean;
    role?: string;
    userType?: string;
  };
}

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiJson<LoginResponse>("POST", "/api/auth/login", body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Admins go to /admin after sign-in (spec §2); only the server knows who they are. */
export function isAdmin(user: LoginResponse["user"]): boolean {
  return user.isAdmin === true || user.role === "admin" || user.userType === "admin";
}
