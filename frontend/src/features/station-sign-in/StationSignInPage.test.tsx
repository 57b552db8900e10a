import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const loopback = {
  stationRedirect: "http://127.0.0.1:40123/callback",
  stationChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  stationState: "station-state-0123456789",
};
const page = `/station-sign-in?${new URLSearchParams(loopback).toString()}`;
const back = `${loopback.stationRedirect}?code=the-code&state=${loopback.stationState}`;
const security = {
  email: "ops@lifetag.test",
  passkeys: [],
  totp: true,
  recoveryCodesLeft: 10,
  secondFactorRequired: true,
};

describe("/station-sign-in", () => {
  const assign = vi.fn();
  beforeEach(() => {
    resetStores();
    assign.mockReset();
    vi.stubGlobal("location", { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks before signing the station in, then sends the browser to the station with the code", async () => {
    const fetch = mockFetch({
      "GET /api/account/security": () => ({ body: security }),
      "POST /api/auth/station-code": () => ({ body: { redirect: back } }),
    });
    renderRoute(page);
    expect(
      await screen.findByRole("heading", {
        name: "Sign in to Lifetag Station as ops@lifetag.test?",
      }),
    ).toBeInTheDocument();
    // Nothing is asked for, nor any address opened, before the click.
    expect(apiCalls(fetch).map(([url]) => String(url))).toEqual(["/api/account/security"]);
    expect(assign).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    const [, init] = apiCalls(fetch).find(([url]) => url === "/api/auth/station-code")!;
    expect(JSON.parse(String(init?.body))).toEqual(loopback);
    expect(screen.getByRole("status")).toHaveTextContent(
      "You can close this tab and return to the station.",
    );
  });

  it("sends a signed-out person to sign in and back", async () => {
    mockFetch({ "GET /api/account/security": () => ({ status: 401, body: { message: "no" } }) });
    renderRoute(page);
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    const target = new URL(signIn.getAttribute("href")!, "http://site.test");
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("return")).toBe(page);
    const corporate = screen.getByRole("link", { name: "Corporate sign in" });
    expect(
      new URL(corporate.getAttribute("href")!, "http://site.test").searchParams.get("return"),
    ).toBe(page);
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
  });
});
