import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStores, saveRecord } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { notFoundTitle, pageTitle, pageTitles, paths } from "./paths";

describe("document titles", () => {
  beforeEach(resetStores);

  it("gives every route a title of its own", () => {
    const titles = Object.values(paths).map((path) => pageTitles[path]);
    expect(titles.every((t) => t.includes("Lifetag"))).toBe(true);
    // Screens not built yet show the 404 screen, under its title.
    const built = titles.filter((t) => t !== notFoundTitle);
    expect(new Set(built).size).toBe(built.length);
    expect(built.length).toBeGreaterThanOrEqual(20);
    expect(pageTitle("/print-preview/")).toBe("Print preview · Lifetag");
    expect(pageTitle("/nowhere")).toBe("Page Not Found · Lifetag");
    // A route with a parameter has its base's title; no other route does.
    expect(pageTitle("/corporate/dashboard/42")).toBe("Corporate dashboard · Lifetag");
    expect(pageTitle("/corporate/team/42")).toBe("Team · Lifetag");
    expect(pageTitle("/dashboard/42")).toBe("Page Not Found · Lifetag");
    expect(pageTitle("/x/y")).toBe("Page Not Found · Lifetag");
  });

  it("sets the tab's title as the visitor moves between pages", async () => {
    saveRecord();
    const { router } = renderRoute("/print-preview");
    await waitFor(() => expect(document.title).toBe("Print preview · Lifetag"));
    await router.navigate("/privacy");
    await waitFor(() => expect(document.title).toBe("Privacy & data rights · Lifetag"));
    await router.navigate("/no-such-page");
    await waitFor(() => expect(document.title).toBe("Page Not Found · Lifetag"));
  });
});
