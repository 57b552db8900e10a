import { vi } from "vitest";

type Handler = (init: RequestInit & { url: string }) => { status?: number; body?: unknown };

/** Replaces fetch with a table of "METHOD /path" handlers; unknown calls fail loudly. */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? "GET"} ${url.split("?")[0]}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    const { status = 200, body } = handler({ ...init, url });
    return new Response(body === undefined ? "" : JSON.stringify(body), { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The calls a page made, without the anonymous analytics every page sends. */
export function apiCalls(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.filter(([url]) => !String(url).startsWith("/api/analytics/"));
}
