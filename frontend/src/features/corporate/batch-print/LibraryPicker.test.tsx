import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LibraryCode } from "./api";
import { LibraryPicker } from "./LibraryPicker";
import { pickable, sheetsNeeded } from "./picker";

function code(id: number, name: string, projectId: number | null, projectName = ""): LibraryCode {
  return {
    id,
    name,
    externalId: null,
    projectId,
    projectName,
    templateId: null,
    templateName: "Standard Emergency Form",
    labelType: "helmet",
    isActive: true,
    source: "manual",
    missingFields: 0,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    reviewedAt: "2026-11-01T10:00:00Z",
  };
}

const library = [
  code(1, "Ann Worker", 10, "North Site"),
  code(2, "Bob Rigger", 11, "Harbour Crane"),
  code(3, "Cat Office", null),
  code(4, "Dan North", null),
];
const projects = [
  { id: 10, name: "North Site" },
  { id: 11, name: "Harbour Crane" },
];

describe("pickable", () => {
  const none = new Set<string>();
  it("hides codes whose name is already queued", () => {
    expect(pickable(library, new Set(["Bob Rigger"]), "", "all").map((c) => c.id)).toEqual([
      1, 3, 4,
    ]);
  });
  it("searches name or project name, ignoring case", () => {
    expect(pickable(library, none, "NORTH", "all").map((c) => c.id)).toEqual([1, 4]);
    expect(pickable(library, none, "crane", "all").map((c) => c.id)).toEqual([2]);
    expect(pickable(library, none, "  ", "all")).toHaveLength(4);
  });
  it("searches ignoring accents, on both sides, as the library's search does", () => {
    const workers = [
      code(1, "José Núñez", null),
      code(2, "Łukasz Wiśniewski", 10, "North Site"),
      code(3, "Jürgen Schröder", 11, "Baustelle Zürich"),
    ];
    const found = (search: string) => pickable(workers, none, search, "all").map((c) => c.id);
    expect(found("nunez")).toEqual([1]);
    expect(found("jose")).toEqual([1]);
    expect(found("NÚÑEZ")).toEqual([1]);
    expect(found("lukasz")).toEqual([2]);
    expect(found("schroder")).toEqual([3]);
    expect(found("zurich")).toEqual([3]);
    expect(found("wiśniew")).toEqual([2]);
  });
  it("finds a worker by employee number, by the code's id or by the Latin spelling of a name, as the library's search does", () => {
    const workers = [
      {
        ...code(27, "محمد العتيبي", null),
        externalId: "EMP-4471",
        searchLatin: "mhmdltyby ~mhmd ~ltb ~mhmdltb ~tb",
      },
      { ...code(28, "王秀英", null), searchLatin: "wangxiuying" },
    ];
    const found = (search: string) => pickable(workers, none, search, "all").map((c) => c.id);
    expect(found("emp-4471")).toEqual([27]);
    expect(found("4471")).toEqual([27]);
    expect(found("28")).toEqual([28]);
    expect(found("Wang Xiuying")).toEqual([28]);
    expect(found("Muhammad")).toEqual([27]);
  });
  it("filters all, the organisation's own (no project), or one project", () => {
    expect(pickable(library, none, "", "organization").map((c) => c.id)).toEqual([3, 4]);
    expect(pickable(library, none, "", 11).map((c) => c.id)).toEqual([2]);
    expect(pickable(library, none, "north", "organization").map((c) => c.id)).toEqual([4]);
  });
});

describe("sheetsNeeded", () => {
  it("counts the skipped slots of a partly used first sheet", () => {
    expect(sheetsNeeded(0, 1, 30)).toBe(0);
    expect(sheetsNeeded(30, 1, 30)).toBe(1);
    expect(sheetsNeeded(31, 1, 30)).toBe(2);
    expect(sheetsNeeded(30, 2, 30)).toBe(2);
    expect(sheetsNeeded(8, 3, 10)).toBe(1);
    expect(sheetsNeeded(9, 3, 10)).toBe(2);
  });
});

describe("the library picker", () => {
  // jsdom lays nothing out: the list's scroll box gets the height its CSS
  // (45vh) would give it on a phone, and each row a line's height, so the
  // virtualizer has a view to fill and rows to measure.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(380);
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(40);
  });
  afterEach(() => vi.restoreAllMocks());

  it("selects all or none of what is shown and adds only the selection", async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    render(
      <LibraryPicker
        open
        onOpenChange={() => {}}
        codes={library}
        projects={projects}
        loadFailed={false}
        queuedNames={new Set(["Cat Office"])}
        onAdd={onAdd}
      />,
    );
    const list = screen.getByRole("list", { name: "Add QR Codes from Library" });
    expect(within(list).queryByText("Cat Office")).toBeNull();
    expect(within(list).getAllByRole("checkbox")).toHaveLength(3);
    const add = () => screen.getByRole("button", { name: /^Add \d+ to Queue$/ });
    expect(add()).toBeDisabled();

    await user.selectOptions(screen.getByLabelText("Project"), "Harbour Crane");
    await user.click(screen.getByRole("button", { name: "Select All" }));
    expect(add()).toHaveTextContent("Add 1 to Queue");
    await user.click(screen.getByRole("button", { name: "Select None" }));
    expect(add()).toBeDisabled();

    await user.selectOptions(screen.getByLabelText("Project"), "All codes");
    await user.type(screen.getByLabelText("Search by name or project"), "north");
    await user.click(screen.getByRole("button", { name: "Select All" }));
    await user.click(add());
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect((onAdd.mock.calls[0]![0] as LibraryCode[]).map((c) => c.name)).toEqual([
      "Ann Worker",
      "Dan North",
    ]);
  });

  it("queues, and so prints, in the order the officer chose, not newest first", async () => {
    // As the server lists them: newest first. The sheet was imported in
    // the officer's order (Zoe, Adam, Mia), one row after another.
    const imported = [
      { ...code(7, "Mia Rossi", null), createdAt: "2026-11-02T09:00:02Z" },
      { ...code(6, "Adam Nowak", null), createdAt: "2026-11-02T09:00:01Z" },
      { ...code(5, "Zoe Lee", null), createdAt: "2026-11-02T09:00:00Z" },
    ];
    const onAdd = vi.fn();
    const user = userEvent.setup();
    render(
      <LibraryPicker
        open
        onOpenChange={() => {}}
        codes={imported}
        projects={projects}
        loadFailed={false}
        queuedNames={new Set()}
        onAdd={onAdd}
      />,
    );
    const list = screen.getByRole("list", { name: "Add QR Codes from Library" });
    const listed = () =>
      within(list)
        .getAllByRole("checkbox")
        .map((c) => c.closest("label")!.textContent);
    const added = () => (onAdd.mock.lastCall![0] as LibraryCode[]).map((c) => c.name);
    const add = () => screen.getByRole("button", { name: /^Add \d+ to Queue$/ });

    // By default, in the order they came into the library.
    expect(listed()[0]).toContain("Zoe Lee");
    await user.click(screen.getByRole("button", { name: "Select All" }));
    await user.click(add());
    expect(added()).toEqual(["Zoe Lee", "Adam Nowak", "Mia Rossi"]);

    // Sorted by name, the queue takes that order.
    await user.selectOptions(screen.getByLabelText(/^Order/), "Name (A to Z)");
    expect(listed()[0]).toContain("Adam Nowak");
    await user.click(add());
    expect(added()).toEqual(["Adam Nowak", "Mia Rossi", "Zoe Lee"]);
  });

  it("draws only the rows near view of 2,000 codes, and Select All takes every one", async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    const many = Array.from({ length: 2000 }, (_, i) => code(i + 1, `Worker ${i + 1}`, null));
    render(
      <LibraryPicker
        open
        onOpenChange={() => {}}
        codes={many}
        projects={projects}
        loadFailed={false}
        queuedNames={new Set()}
        onAdd={onAdd}
      />,
    );
    const list = screen.getByRole("list", { name: "Add QR Codes from Library" });
    const drawn = within(list).getAllByRole("listitem");
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    expect(drawn[0]).toHaveAttribute("aria-setsize", "2000");
    expect(drawn[0]).toHaveAttribute("aria-posinset", "1");
    await user.click(screen.getByRole("button", { name: "Select All" }));
    await user.click(screen.getByRole("button", { name: "Add 2000 to Queue" }));
    expect(onAdd.mock.calls[0]![0]).toHaveLength(2000);
  });

  it("marks a deactivated code Inactive and never queues it, even by Select All", async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    const leaver = { ...code(5, "José Núñez", null), isActive: false };
    render(
      <LibraryPicker
        open
        onOpenChange={() => {}}
        codes={[...library, leaver]}
        projects={projects}
        loadFailed={false}
        queuedNames={new Set()}
        onAdd={onAdd}
      />,
    );
    const list = screen.getByRole("list", { name: "Add QR Codes from Library" });
    const row = within(list).getByText("José Núñez").closest("li")!;
    expect(within(row).getByText("Inactive")).toBeInTheDocument();
    expect(row).toHaveTextContent(
      "Deactivated: its label is not printed. Reactivate it in the library to print it.",
    );
    expect(within(row).getByRole("checkbox")).toBeDisabled();
    await user.click(within(row).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Select All" }));
    await user.click(screen.getByRole("button", { name: "Add 4 to Queue" }));
    expect((onAdd.mock.calls[0]![0] as LibraryCode[]).map((c) => c.name)).not.toContain(
      "José Núñez",
    );
  });

  it("marks a code that looks like another worker's as a possible duplicate", () => {
    const twin = { ...code(6, "Ann Worker", null), possibleDuplicateOf: 1 };
    render(
      <LibraryPicker
        open
        onOpenChange={() => {}}
        codes={[...library, twin]}
        projects={projects}
        loadFailed={false}
        queuedNames={new Set()}
        onAdd={() => {}}
      />,
    );
    const list = screen.getByRole("list", { name: "Add QR Codes from Library" });
    const [first, second] = within(list)
      .getAllByText("Ann Worker")
      .map((name) => name.closest("li")!);
    expect(within(first!).queryByText("Possible duplicate")).toBeNull();
    const badge = within(second!).getByText("Possible duplicate");
    expect(badge).toHaveAttribute("title", expect.stringContaining("QR code 1"));
  });

  it("says so when the library cannot be loaded", () => {
    render(
      <LibraryPicker
        open
        onOpenChange={() => {}}
        codes={undefined}
        projects={[]}
        loadFailed
        queuedNames={new Set()}
        onAdd={() => {}}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load organization QR codes");
  });
});
