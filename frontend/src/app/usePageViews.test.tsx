import { act, render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { trackPageView } from "@/lib/analytics";
import { usePageViews } from "./usePageViews";

vi.mock("@/lib/analytics", () => ({ trackPageView: vi.fn() }));

function Probe() {
  usePageViews();
  return null;
}

describe("usePageViews", () => {
  it("records each new pathname once, never a query or hash", async () => {
    const router = createMemoryRouter([{ path: "*", element: <Probe /> }], {
      initialEntries: ["/reset-password?token=s3cret#top"],
    });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await act(() => router.navigate("/dashboard?tab=orders"));
    await act(() => router.navigate("/dashboard?tab=referrals"));
    await act(() => router.navigate("/"));
    await act(() => router.navigate("/dashboard"));
    expect(vi.mocked(trackPageView).mock.calls).toEqual([
      ["/reset-password"],
      ["/dashboard"],
      ["/"],
      ["/dashboard"],
    ]);
  });
});
