import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SearchBox, searchDebounceMs } from "./SearchBox";

describe("SearchBox", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reports a change once typing pauses, and nothing for the empty box it starts with", () => {
    const onSearch = vi.fn();
    render(<SearchBox label="Search" onSearch={onSearch} />);
    // The box on mount: a late "" would send a list back to its first page.
    act(() => vi.advanceTimersByTime(searchDebounceMs * 2));
    expect(onSearch).not.toHaveBeenCalled();

    const box = screen.getByRole("searchbox", { name: "Search" });
    fireEvent.change(box, { target: { value: "ann" } });
    act(() => vi.advanceTimersByTime(searchDebounceMs - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenLastCalledWith("ann");

    // Typed and taken back before the pause: nothing changed, nothing sent.
    fireEvent.change(box, { target: { value: "anne" } });
    fireEvent.change(box, { target: { value: "ann" } });
    act(() => vi.advanceTimersByTime(searchDebounceMs * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);

    // Cleared: that is a change.
    fireEvent.change(box, { target: { value: "" } });
    act(() => vi.advanceTimersByTime(searchDebounceMs));
    expect(onSearch).toHaveBeenLastCalledWith("");
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
