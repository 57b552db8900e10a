import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useUserStore } from "@/stores/session";
import { SiteHeader } from "./SiteHeader";

function renderHeader() {
  const router = createMemoryRouter([{ path: "/", element: <SiteHeader /> }]);
  render(<RouterProvider router={router} />);
}

describe("SiteHeader, signed out", () => {
  beforeEach(() => {
    useUserStore.setState({ user: null });
    useCorporateMemberStore.setState({ member: null });
  });

  it("opens the Corporate menu on the first press, its code loaded then", async () => {
    const user = userEvent.setup();
    renderHeader();
    const trigger = screen.getByRole("button", { name: "Corporate" });
    expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(menu).toHaveTextContent("Plans and pricing");
    expect(screen.getByRole("menuitem", { name: "Start a free trial" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    // The menu's own trigger is in the button's place, with the focus back on it.
    expect(screen.getByRole("button", { name: "Corporate" })).toHaveFocus();
  });
});
