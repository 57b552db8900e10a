import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { useDiscardGuard } from "./useDiscardGuard";

function Editor(props: { onBack: () => void }) {
  const [text, setText] = useState("");
  const guard = useDiscardGuard(text !== "");
  return (
    <>
      {guard.dialog}
      <label>
        Note
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="button" onClick={() => guard.leave(props.onBack)}>
        Back
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderEditor() {
  const onBack = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/", element: <Editor onBack={onBack} /> },
      { path: "/elsewhere", element: <p>Elsewhere page</p> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return { router, onBack, user: userEvent.setup() };
}

describe("useDiscardGuard", () => {
  it("lets an untouched form go without a question", async () => {
    const { router, onBack, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("link", { name: "Elsewhere" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/elsewhere"));
  });

  it("asks before a page's own way out, and keeps the work on Keep editing", async () => {
    const { onBack, user } = renderEditor();
    await user.type(screen.getByLabelText("Note"), "Penicillin");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Discard your changes?" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(onBack).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Note")).toHaveValue("Penicillin");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("holds a route change until the question is answered", async () => {
    const { router, user } = renderEditor();
    await user.type(screen.getByLabelText("Note"), "Asthma");
    await user.click(screen.getByRole("link", { name: "Elsewhere" }));
    expect(await screen.findByRole("heading", { name: "Discard your changes?" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Discard your changes?" })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe("/");
    await user.click(screen.getByRole("link", { name: "Elsewhere" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/elsewhere"));
  });
});
