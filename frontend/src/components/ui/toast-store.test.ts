import { describe, expect, it } from "vitest";
import { toast, useToastStore } from "./toast-store";

describe("toasts", () => {
  it("shows one at a time: a new toast replaces the current one", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(["Second"]);
  });
});
