// The station window's platform: every call goes to the station's Go
// services, which hold the bearer token (the window never sees it), talk to
// the cloud, print at 100 % and save through the OS dialog. Inside the
// desktop window Wails binds them as window.go.main.<Struct>.<Method>; in
// --browser mode (development and the browser journeys) the same methods
// answer over the loopback bridge of station/bridge.go.
//
// The calls are typed by what Wails generates from the bound Go structs
// (src/wailsjs/, made by scripts/station/bindings.sh and not committed):
// a Go method or field renamed on one side fails the type check on the
// other. Only types are imported, so the website never loads Wails' code.
import type * as Cloud from "@/wailsjs/go/main/Cloud";
import type * as Files from "@/wailsjs/go/main/Files";
import type * as Library from "@/wailsjs/go/main/Library";
import type * as Orders from "@/wailsjs/go/main/Orders";
import type * as Printing from "@/wailsjs/go/main/Printing";
import type * as Session from "@/wailsjs/go/main/Session";
import type * as Station from "@/wailsjs/go/main/Station";
import type { main } from "@/wailsjs/go/models";
import type { Platform } from "./types";

/** The station's bound Go structs (station/app.go, bound()) and their methods. */
export interface GoBindings {
  Cloud: typeof Cloud;
  Files: typeof Files;
  Library: typeof Library;
  Orders: typeof Orders;
  Printing: typeof Printing;
  Session: typeof Session;
  Station: typeof Station;
}

/**
 * A Go value as it arrives: the fields of the class Wails generates for
 * its struct, without the class's helper methods (the value is plain JSON).
 */
export type GoData<T> = T extends (...args: never[]) => unknown
  ? never
  : T extends readonly (infer E)[]
    ? GoData<E>[]
    : T extends object
      ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: GoData<T[K]> }
      : T;

/** Go's []byte travels as base64 text (encoding/json), though Wails types it Array<number>. */
type Wire<T> = T extends number[] ? string : T;

type Method<S extends keyof GoBindings, M extends keyof GoBindings[S]> = GoBindings[S][M] extends (
  ...args: infer A
) => Promise<infer R>
  ? { args: { [K in keyof A]: Wire<A[K]> }; result: GoData<R> }
  : never;

type Bound = (...args: unknown[]) => Promise<unknown>;

declare global {
  interface Window {
    go?: { main?: Record<string, Record<string, Bound | undefined> | undefined> };
  }
}

/** Calls a bound Go method; a Go error arrives as an Error with its text. */
export async function callGo<S extends keyof GoBindings, M extends keyof GoBindings[S] & string>(
  struct: S,
  method: M,
  ...args: Method<S, M>["args"]
): Promise<Method<S, M>["result"]> {
  type T = Method<S, M>["result"];
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
type CloudAnswer = Omit<GoData<main.CloudAnswer>, "body"> & { body: string | null };

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
    const answer = (await callGo(
      "Cloud",
      "Request",
      init.method ?? "GET",
      url,
      headers,
      body,
    )) as unknown as CloudAnswer;
    return new Response(bodiless.has(answer.status) ? null : fromBase64(answer.body), {
      status: answer.status,
      statusText: answer.statusText,
      headers: {
        ...(answer.contentType ? { "Content-Type": answer.contentType } : {}),
        ...(answer.contentDisposition ? { "Content-Disposition": answer.contentDisposition } : {}),
      },
    });
  },
  async printPdf(pdf, fileName) {
    return (await callGo("Printing", "PrintPDF", await blobBase64(pdf), fileName)) as
      "printer" | "saved";
  },
  async saveFile(blob, fileName) {
    await callGo("Files", "Save", await blobBase64(blob), fileName);
  },
  async printBatch(job, onProgress) {
    const settings = await callGo("Printing", "Settings");
    if (!settings.printer || settings.dialog) return "none";
    const printing = callGo("Library", "Print", { ...job, copies: 1 });
    const timer = setInterval(() => {
      callGo("Library", "Progress").then(onProgress, () => {});
    }, batchProgressPollMs);
    try {
      await printing;
    } finally {
      clearInterval(timer);
    }
    return "printer";
  },
  async cancelBatch() {
    await callGo("Library", "Cancel");
  },
};
