// The station's own Go calls (station/app_session.go, app_printing.go) with
// their query and mutation hooks. The shared features reach the cloud
// through the platform layer instead.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callGo } from "@/lib/platform/station";

/** Session.State (station/app_session.go); times are RFC 3339 or "". */
export interface SessionState {
  cloudUrl: string;
  firstRun: boolean;
  signedIn: boolean;
  email: string;
  kind: "" | "admin" | "corporate";
  online: boolean;
  offlineSince: string;
  lastSynced: string;
  pending: number;
}

export interface PrinterSettings {
  printers: { name: string; default: boolean }[] | null;
  printer: string;
  paper: string;
}

export interface StationInfo {
  version: string;
  os: string;
  browser: boolean;
  warning: string;
}

export type Door = "admin" | "corporate";

const keys = {
  session: ["station", "session"] as const,
  printers: ["station", "printers"] as const,
  info: ["station", "info"] as const,
};

/** How often the banner asks whether the cloud answers. */
export const sessionPollMs = 10_000;

export function useSessionState() {
  return useQuery({
    queryKey: keys.session,
    queryFn: () => callGo<SessionState>("Session", "State"),
    refetchInterval: sessionPollMs,
  });
}

/** A call that answers the new session state, which replaces the cached one. */
function useSessionMutation<V>(call: (v: V) => Promise<SessionState>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      client.setQueryData(keys.session, state);
      // Whatever was loaded belongs to the account before.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== "station" });
    },
  });
}

export function useSetCloudUrl() {
  return useSessionMutation((url: string) => callGo<SessionState>("Session", "SetCloudURL", url));
}

export function useSignIn() {
  return useSessionMutation((v: { door: Door; email: string; password: string }) =>
    callGo<SessionState>("Session", "SignIn", v.door, v.email, v.password),
  );
}

export function useSignOut() {
  return useSessionMutation(() => callGo<SessionState>("Session", "SignOut"));
}

export function usePrinterSettings(enabled: boolean) {
  return useQuery({
    queryKey: keys.printers,
    queryFn: () => callGo<PrinterSettings>("Printing", "Settings"),
    enabled,
  });
}

export function useSetPrinter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callGo<PrinterSettings>("Printing", "SetPrinter", name),
    onSuccess: (settings) => client.setQueryData(keys.printers, settings),
  });
}

export function useStationInfo() {
  return useQuery({
    queryKey: keys.info,
    queryFn: () => callGo<StationInfo>("Station", "Info"),
  });
}
