import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("/qr-demo", () => {
  beforeEach(resetStores);

  it("shows the first-responder view of a sample person, truthfully", async () => {
    renderRoute("/qr-demo");
    expect(await screen.findByText("FOR FIRST RESPONDER USE")).toBeVisible();
    expect(screen.getByText(/Age 39/)).toBeVisible();
    const calls = screen.getAllByRole("link", { name: "Call" });
    expect(calls.map((a) => a.getAttribute("href"))).toEqual([
      "tel:+447700900461",
      "tel:+447700900982",
    ]);
    expect(screen.getByText(/plain text/)).toBeVisible();
    expect(screen.queryByText(/holds encrypted/i)).toBeNull();
  });
});
