// The station's own Go calls (station/app_session.go, app_printing.go) with
// their query and mutation hooks. The shared features reach the cloud
// through the platform layer instead.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callGo, type GoData } from "@/lib/platform/station";
import type { main, printing } from "@/wailsjs/go/models";

// The Go structs' shapes, as Wails generates them (station/app_session.go,
// app_printing.go, app.go); times are RFC 3339 or "".

/** Session.State; kind is "", "admin" or "corporate". */
export type SessionState = GoData<main.SessionState>;

/** Printing.Settings; calibration is the chosen printer's offset, mm right and down. */
export type PrinterSettings = GoData<main.PrinterSettings>;

/** A print spooled (Printing.CalibrationSheet). */
export type PrintResult = GoData<printing.Result>;

/** Station.Info. */
export type StationInfo = GoData<main.StationInfo>;

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
    queryFn: () => callGo("Session", "State"),
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
  return useSessionMutation((url: string) => callGo("Session", "SetCloudURL", url));
}

export function useSignIn() {
  return useSessionMutation((v: { door: Door; email: string; password: string }) =>
    callGo("Session", "SignIn", v.door, v.email, v.password),
  );
}

/** The corporate door's single sign-on: the system browser signs in, not this window. */
export function useSignInWithCompany() {
  return useSessionMutation((v: { email: string }) =>
    callGo("Session", "SignInWithCompany", v.email),
  );
}

/**
 * Either door through the website: the system browser signs in with every
 * factor the account has (a passkey, an authenticator app), not this window.
 */
export function useSignInWithBrowser() {
  return useSessionMutation(() => callGo("Session", "SignInWithBrowser"));
}

export function useSignOut() {
  return useSessionMutation(() => callGo("Session", "SignOut"));
}

export function usePrinterSettings(enabled: boolean) {
  return useQuery({
    queryKey: keys.printers,
    queryFn: () => callGo("Printing", "Settings"),
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
  return usePrinterMutation((name: string) => callGo("Printing", "SetPrinter", name));
}

export function useSetPaper() {
  return usePrinterMutation((paper: string) => callGo("Printing", "SetPaper", paper));
}

export function useSetCopies() {
  return usePrinterMutation((copies: number) => callGo("Printing", "SetCopies", copies));
}

export function useSetCalibration() {
  return usePrinterMutation((v: { offsetX: number; offsetY: number }) =>
    callGo("Printing", "SetCalibration", v.offsetX, v.offsetY),
  );
}

export function useSetDialog() {
  return usePrinterMutation((on: boolean) => callGo("Printing", "SetDialog", on));
}

export function useCalibrationSheet() {
  return useMutation({
    mutationFn: (layout: string) => callGo("Printing", "CalibrationSheet", layout),
  });
}

export function useStationInfo() {
  return useQuery({
    queryKey: keys.info,
    queryFn: () => callGo("Station", "Info"),
  });
}

/** Station.SupportLog: the station's log (no medical data), copied for support. */
export function useCopySupportLog() {
  return useMutation({
    mutationFn: async () => {
      const text = await callGo("Station", "SupportLog");
      await navigator.clipboard.writeText(text);
    },
  });
}
