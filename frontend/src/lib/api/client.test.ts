import { describe, expect, it, vi } from "vitest";
import { ApiError, apiJson, apiRequest, getJsonOrNullOn401, serverMessage } from "./client";

function env(response: Response, hostname = "lifetag.example") {
  const fetch = vi.fn(async () => response);
  return { fetch, hostname };
}

describe("apiRequest", () => {
  it("sends credentials (the session cookie), no-cache, no redirects and JSON only with a body", async () => {
    const e = env(new Response("{}"));
    await apiRequest("POST", "/api/auth/login", { email: "a@b.co" }, e);
    const [url, init] = e.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/login");
    expect(init.credentials).toBe("include");
    expect(init.redirect).toBe("manual");
    expect(init.cache).toBe("no-store");
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.headers).not.toHaveProperty("Authorization");
    expect(init.headers).toMatchObject({
      "Content-Type": "application/json",
      "Cache-Control": "no-cache",
    });
  });

  it("sends no content type without a body", async () => {
    const e = env(new Response("{}"));
    await apiRequest("GET", "/api/user/data", undefined, e);
    const init = (e.fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).not.toHaveProperty("Content-Type");
    expect(init.headers).not.toHaveProperty("Authorization");
    expect(init.body).toBeUndefined();
  });

  it("raises 'STATUS: body' on a non-OK response", async () => {
    const e = env(new Response('{"message":"Invalid email or password."}', { status: 401 }));
    const error = await apiRequest("POST", "/api/auth/login", {}, e).catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('401: {"message":"Invalid email or password."}');
    expect(serverMessage(error)).toBe("Invalid email or password.");
  });

  it("falls back to the status text when the body is empty", async () => {
    const e = env(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x", undefined, e)).rejects.toThrow(
      "503: Service Unavailable",
    );
  });

  it("refuses absolute URLs from a development host", async () => {
    const e = env(new Response("{}"), "localhost");
    await expect(apiRequest("GET", "https://lifetag.example/api/x", undefined, e)).rejects.toThrow(
      "BLOCKED: apiRequest to external domain https://lifetag.example/api/x - use relative URL instead",
    );
    expect(e.fetch).not.toHaveBeenCalled();
  });
});

describe("JSON helpers", () => {
  it("parses JSON and reads an empty body as null", async () => {
    expect(await apiJson("GET", "/a", undefined, env(new Response('{"a":1}')))).toEqual({ a: 1 });
    expect(await apiJson("GET", "/a", undefined, env(new Response("")))).toBeNull();
  });
  it("returns null on 401 for queries, and raises other errors", async () => {
    expect(await getJsonOrNullOn401("/a", env(new Response("", { status: 401 })))).toBeNull();
    await expect(
      getJsonOrNullOn401("/a", env(new Response("no", { status: 403 }))),
    ).rejects.toThrow("403: no");
  });
  it("reads the error field when there is no message", () => {
    expect(serverMessage(new ApiError(400, '{"error":"Bad"}', ""))).toBe("Bad");
    expect(serverMessage(new ApiError(400, "plain", ""))).toBeNull();
    expect(serverMessage(new Error("x"))).toBeNull();
  });
});
