import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStores, saveRecord } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { pageTitle, pageTitles, paths } from "./paths";

describe("document titles", () => {
  beforeEach(resetStores);

  it("gives every route a title of its own", () => {
    const titles = Object.values(paths).map((path) => pageTitles[path]);
    expect(titles.every((t) => t.includes("Lifetag"))).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
    expect(pageTitle("/print-preview/")).toBe("Print preview · Lifetag");
    expect(pageTitle("/nowhere")).toBe("Page Not Found · Lifetag");
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
