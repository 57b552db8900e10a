import { afterEach, describe, expect, it, vi } from "vitest";
import { trackEvent, trackPageView } from "./analytics";

// jsdom has no navigator.sendBeacon: each test gives one, or none.
function stubBeacon(sendBeacon: ((url: string, body: string) => boolean) | undefined) {
  Object.defineProperty(navigator, "sendBeacon", {
    value: sendBeacon,
    configurable: true,
    writable: true,
  });
}

function stubFetch(result: Promise<Response>) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() => result);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "sendBeacon");
  vi.unstubAllGlobals();
});

describe("analytics", () => {
  it("sends a page view and an event as beacons", () => {
    const beacon = vi.fn(() => true);
    stubBeacon(beacon);
    const fetch = stubFetch(Promise.resolve(new Response(null, { status: 204 })));
    trackPageView("/dashboard");
    trackEvent("user_logout");
    trackEvent("label_printed", "print", "helmet", 2.5);
    expect(beacon.mock.calls).toEqual([
      ["/api/analytics/page-view", '{"path":"/dashboard"}'],
      ["/api/analytics/event", '{"action":"user_logout","category":"user"}'],
      [
        "/api/analytics/event",
        '{"action":"label_printed","category":"print","label":"helmet","value":2.5}',
      ],
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["there is no beacon", undefined],
    ["the beacon is not queued", () => false],
  ])("falls back to fetch with keepalive when %s", (_, beacon) => {
    stubBeacon(beacon);
    const fetch = stubFetch(Promise.resolve(new Response(null, { status: 204 })));
    trackPageView("/privacy");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/analytics/page-view", {
      method: "POST",
      body: '{"path":"/privacy"}',
      keepalive: true,
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
    });
  });

  it("ignores failures", () => {
    stubBeacon(() => {
      throw new TypeError("beacon refused");
    });
    expect(() => trackPageView("/")).not.toThrow();
    stubBeacon(undefined);
    const offline = Promise.reject(new TypeError("offline"));
    const handled = vi.spyOn(offline, "catch");
    stubFetch(offline);
    expect(() => trackEvent("user_logout")).not.toThrow();
    // The failed fetch is handled, not left as an unhandled rejection.
    expect(handled).toHaveBeenCalledTimes(1);
  });
});
