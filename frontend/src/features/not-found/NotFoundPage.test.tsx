import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";

describe("routing", () => {
  it("shows Page Not Found for an unknown path", async () => {
    const memory = createMemoryRouter(routes, { initialEntries: ["/no-such-page"] });
    render(<RouterProvider router={memory} />);
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
  });

  it("shows the home page at /", async () => {
    const memory = createMemoryRouter(routes, { initialEntries: ["/"] });
    render(<RouterProvider router={memory} />);
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      "If you can't speak for yourself",
    );
  });
});
