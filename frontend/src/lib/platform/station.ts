// The station window's platform: every call goes to the station's Go
// services, which hold the bearer token (the window never sees it), talk to
// the cloud, print at 100 % and save through the OS dialog. Inside the
// desktop window Wails binds them as window.go.main.<Struct>.<Method>; in
// --browser mode (development and the browser journeys) the same methods
// answer over the loopback bridge of station/bridge.go.
import type { BatchProgress, Platform } from "./types";

type Bound = (...args: unknown[]) => Promise<unknown>;

declare global {
  interface Window {
    go?: { main?: Record<string, Record<string, Bound | undefined> | undefined> };
  }
}

/** Calls a bound Go method; a Go error arrives as an Error with its text. */
export async function callGo<T>(struct: string, method: string, ...args: unknown[]): Promise<T> {
  const go = window.go;
  if (go) {
    const bound = go.main?.[struct]?.[method];
    if (!bound) throw new Error(`The station has no ${struct}.${method}.`);
    try {
      return (await bound(...args)) as T;
    } catch (error) {
      // Wails rejects with the Go error's text, not an Error.
      throw error instanceof Error ? error : new Error(String(error));
    }
  }
  const response = await fetch(`/bridge/${struct}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(args),
  });
  const answer = (await response.json().catch(() => ({}))) as { result?: T; error?: string };
  if (!response.ok) throw new Error(answer.error ?? `${response.status} ${response.statusText}`);
  return answer.result as T;
}

/** A cloud answer as Cloud.Request returns it (station/app_cloud.go); body is base64, as Go encodes []byte. */
interface CloudAnswer {
  status: number;
  statusText: string;
  contentType: string;
  body: string | null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode with too many arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string | null): Uint8Array<ArrayBuffer> {
  const binary = atob(text ?? "");
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function blobBase64(blob: Blob): Promise<string> {
  return toBase64(new Uint8Array(await blob.arrayBuffer()));
}

/** How often a batch print's progress is asked for (the bridge carries no events). */
export const batchProgressPollMs = 500;

/** Statuses whose Response may carry no body. */
const bodiless = new Set([101, 204, 205, 304]);

export const stationPlatform: Platform = {
  kind: "station",
  async fetch(url, init) {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === "string" ? init.body : "";
    const answer = await callGo<CloudAnswer>(
      "Cloud",
      "Request",
      init.method ?? "GET",
      url,
      headers,
      body,
    );
    return new Response(bodiless.has(answer.status) ? null : fromBase64(answer.body), {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.contentType ? { "Content-Type": answer.contentType } : {},
    });
  },
  async printPdf(pdf, fileName) {
    return callGo<"printer" | "saved">("Printing", "PrintPDF", await blobBase64(pdf), fileName);
  },
  async saveFile(blob, fileName) {
    await callGo<string>("Files", "Save", await blobBase64(blob), fileName);
  },
  async printBatch(job, onProgress) {
    const settings = await callGo<{ printer: string; dialog: boolean }>("Printing", "Settings");
    if (!settings.printer || settings.dialog) return "none";
    const printing = callGo("Library", "Print", { ...job, copies: 1 });
    const timer = setInterval(() => {
      callGo<BatchProgress>("Library", "Progress").then(onProgress, () => {});
    }, batchProgressPollMs);
    try {
      await printing;
    } finally {
      clearInterval(timer);
    }
    return "printer";
  },
  async cancelBatch() {
    await callGo<boolean>("Library", "Cancel");
  },
};
