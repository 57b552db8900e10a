// The one HTTP client of the website and the station's window
// (docs/design/individual.md §7 and §8); the platform layer carries the request.
import { platform } from "@/lib/platform";

/** A non-OK response; `message` is "STATUS: body" or "STATUS: status text" (docs/design/individual.md §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body !== "" ? body : statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export interface ClientEnvironment {
  fetch: typeof fetch;
  /** The page's host name, for the development-host refusal. */
  hostname: string;
}

const browserEnvironment: ClientEnvironment = {
  fetch: (url, init) => platform().fetch(String(url), init ?? {}),
  get hostname() {
    return globalThis.location?.hostname ?? "";
  },
};

/** Localhost and development previews may only call the API by relative URL. */
function isDevelopmentHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]" ||
    hostname.endsWith(".localhost")
  );
}

/**
 * docs/design/individual.md §7 refuses calls from a development host to the production domain.
 * The production domain is not fixed here, so any absolute URL is refused
 * from a development host: a local build must never touch live data.
 */
function refusal(url: string, hostname: string): Error | null {
  if (isDevelopmentHost(hostname) && /^https?:\/\//i.test(url)) {
    return new Error(`BLOCKED: apiRequest to external domain ${url} - use relative URL instead`);
  }
  return null;
}

export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  env: ClientEnvironment = browserEnvironment,
): Promise<Response> {
  const refused = refusal(url, env.hostname);
  if (refused) throw refused;
  // No Authorization header: the session is the HttpOnly cookie, sent by
  // the browser (credentials: "include") and never seen by script.
  const headers: Record<string, string> = { "Cache-Control": "no-cache", Pragma: "no-cache" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await env.fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    cache: "no-store",
    redirect: "manual",
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

/** A JSON call; an empty body reads as null. */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  env?: ClientEnvironment,
): Promise<T> {
  const response = await apiRequest(method, url, body, env);
  const text = await response.text();
  return (text === "" ? null : JSON.parse(text)) as T;
}

/** The default query fetch (docs/design/individual.md §7): a GET that returns null on 401. */
export async function getJsonOrNullOn401<T>(url: string, env?: ClientEnvironment) {
  try {
    return await apiJson<T>("GET", url, undefined, env);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * A change refused until the person proves again who they are (403 with
 * reason "fresh-proof-required"): the fresh-proof dialog asks, then retries.
 */
export function isFreshProofNeeded(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  try {
    return (JSON.parse(error.body) as { reason?: unknown }).reason === "fresh-proof-required";
  } catch {
    return false;
  }
}

/** The server's own words from an error body's message or error field (docs/design/individual.md §8). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === "string" && parsed.message !== "") return parsed.message;
    if (typeof parsed.error === "string" && parsed.error !== "") return parsed.error;
  } catch {
    // Not JSON: no message to show.
  }
  return null;
}
