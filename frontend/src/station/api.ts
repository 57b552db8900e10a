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
  /** The cloud's message while it refuses this station as too old (426), else "". */
  outOfDate: string;
  /** Why the address IT set for this machine was not offered (not a valid https:// address), else "". */
  cloudUrlProblem: string;
}

export interface PrinterSettings {
  printers: { name: string; default: boolean }[] | null;
  printer: string;
  paper: string;
  papers: string[];
  copies: number;
  /** The chosen printer's offset, mm right and down. */
  calibration: { offsetX: number; offsetY: number };
  /** Whether the OS print dialog can be opened (not in --browser mode), and whether prints open in it. */
  canDialog: boolean;
  dialog: boolean;
}

/** A print spooled (Printing.CalibrationSheet). */
export interface PrintResult {
  jobs: string[];
  labels: number;
  sheets: number;
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

/** A Printing call that answers the new printer settings, which replace the cached ones. */
function usePrinterMutation<V>(call: (v: V) => Promise<PrinterSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => client.setQueryData(keys.printers, settings),
  });
}

export function useSetPrinter() {
  return usePrinterMutation((name: string) =>
    callGo<PrinterSettings>("Printing", "SetPrinter", name),
  );
}

export function useSetPaper() {
  return usePrinterMutation((paper: string) =>
    callGo<PrinterSettings>("Printing", "SetPaper", paper),
  );
}

export function useSetCopies() {
  return usePrinterMutation((copies: number) =>
    callGo<PrinterSettings>("Printing", "SetCopies", copies),
  );
}

export function useSetCalibration() {
  return usePrinterMutation((v: { offsetX: number; offsetY: number }) =>
    callGo<PrinterSettings>("Printing", "SetCalibration", v.offsetX, v.offsetY),
  );
}

export function useSetDialog() {
  return usePrinterMutation((on: boolean) => callGo<PrinterSettings>("Printing", "SetDialog", on));
}

export function useCalibrationSheet() {
  return useMutation({
    mutationFn: (layout: string) => callGo<PrintResult>("Printing", "CalibrationSheet", layout),
  });
}

export function useStationInfo() {
  return useQuery({
    queryKey: keys.info,
    queryFn: () => callGo<StationInfo>("Station", "Info"),
  });
}
