import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { defaultFields, standardFields, type TemplateField } from "@/lib/emergency/template";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import type { FormTemplate } from "./api";

const organization = {
  id: 4,
  name: "Acme",
  subscriptionTier: "starter",
  subscriptionStatus: "active",
  currentQrCodes: 0,
  maxQrCodes: 50,
  hasBillingAccount: false,
  trialEndsAt: null,
  paused: "",
};

const standard: FormTemplate = {
  id: 0,
  name: "Standard Emergency Form",
  description: "",
  isDefault: false,
  builtIn: true,
  fields: standardFields(),
  createdAt: null,
  updatedAt: null,
};

const siteCrew: FormTemplate = {
  id: 7,
  name: "Site crew",
  description: "For the yard",
  isDefault: true,
  builtIn: false,
  fields: defaultFields(),
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
};

function serve(overrides: Record<string, () => { status?: number; body?: unknown }> = {}) {
  return mockFetch({
    "GET /api/corporate/organization": () => ({ body: organization }),
    "GET /api/corporate/4/form-templates": () => ({
      body: { success: true, templates: [standard, siteCrew] },
    }),
    ...overrides,
  });
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

/** The editor's field rows, as "order. label". */
function rows(): string[] {
  return screen
    .getAllByTestId("template-field")
    .map((row) => within(row).getByText(/^\d+\. /).textContent ?? "");
}

async function openNewEditor(user: ReturnType<typeof userEvent.setup>) {
  const view = renderRoute("/corporate/form-builder");
  await user.click(await screen.findByRole("button", { name: "Create Custom Template" }));
  expect(screen.getByRole("heading", { name: "New Template" })).toBeVisible();
  return view;
}

function sentBody(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(" ");
  const call = fetch.mock.calls.find(([url, init]) => url === path && init?.method === method);
  expect(call).toBeDefined();
  return JSON.parse(String(call![1]!.body)) as { name: string; fields: TemplateField[] };
}

describe("/corporate/form-builder", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("lists the built-in form first, then the organisation's with its Default badge", async () => {
    serve();
    renderRoute("/corporate/form-builder");
    const cards = await screen.findAllByRole("listitem");
    expect(within(cards[0]!).getByRole("heading")).toHaveTextContent("Standard Emergency Form");
    expect(within(cards[0]!).queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(within(cards[1]!).getByText("Default")).toBeVisible();
    expect(within(cards[2]!).getByRole("heading")).toHaveTextContent("Create Custom Template");
    expect(document.title).toBe("Form templates · Lifetag");
  });

  it("'Use Template' opens code creation with that template", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/form-builder");
    await user.click(await screen.findByRole("button", { name: "Use Template Site crew" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate/qr-codes"));
    expect(router.state.location.search).toBe("?new=1&template=7");
  });

  it("deletes a template only after the confirm dialog", async () => {
    let deleted = 0;
    serve({
      "DELETE /api/corporate/form-templates/7": () => {
        deleted++;
        return { body: { success: true, message: "Form template deleted" } };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/form-builder");
    await user.click(await screen.findByRole("button", { name: "Delete Site crew" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(deleted).toBe(0);
    await user.click(screen.getByRole("button", { name: "Delete Site crew" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toBe(1));
    await waitFor(() => expect(toastTitles()).toContain("Template deleted"));
  });

  it("edits the built-in form as a copy", async () => {
    serve();
    const user = userEvent.setup();
    renderRoute("/corporate/form-builder");
    await user.click(await screen.findByRole("button", { name: "Edit Standard Emergency Form" }));
    expect(screen.getByLabelText(/^Template Name/)).toHaveValue("Standard Emergency Form (Copy)");
    expect(rows()).toHaveLength(standardFields().length);
    expect(screen.getByRole("button", { name: "Save Template" })).toBeVisible();
  });

  it("refuses to save without a name or fields, with the spec's messages, and sends nothing", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    const form = screen.getByRole("form", { name: "Edit Template" });
    expect(within(form).getByText("Template name is required")).toBeVisible();
    expect(within(form).getByText("At least one field is required")).toBeVisible();
    expect(toastTitles()).toContain("Failed to save template");
    expect(apiCalls(fetch).some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("loads the default fields with its toast", async () => {
    serve();
    const user = userEvent.setup();
    await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Load Default" }));
    expect(toastTitles()).toEqual(["Default Template Loaded"]);
    expect(rows()).toEqual([
      "1. Full Name",
      "2. Email",
      "3. Phone",
      "4. Emergency Contact",
      "5. Emergency Phone",
      "6. Medical Conditions",
    ]);
  });

  it("adds a select field with options one per line, after checking its label", async () => {
    serve();
    const user = userEvent.setup();
    await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).queryByLabelText(/^Options/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    expect(within(dialog).getByText("Field label is required")).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText("Field Type"), "select");
    await user.type(within(dialog).getByLabelText(/^Field Label/), "Site");
    await user.type(within(dialog).getByLabelText(/^Options/), "North{Enter}{Enter}  {Enter}South");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "work");
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rows()).toEqual(["1. Site"]);
    // The live preview shows it under its category, with its options.
    const preview = screen.getByRole("complementary", { name: "Live Preview" });
    const work = within(preview).getByRole("group", { name: "Work Information" });
    const select = within(work).getByLabelText("Site");
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Select…",
      "North",
      "South",
    ]);
    expect(preview.querySelector("pre")?.textContent).toContain(
      "ADDITIONAL INFORMATION:\nSite: North",
    );
    expect(within(preview).getByTestId("byte-budget")).toHaveTextContent(/of 2330 bytes/);
    // One short field: its largest record prints on batch labels.
    expect(within(preview).queryByTestId("batch-budget")).toBeNull();
  });

  it("warns when the template's largest record is too long for any batch label", async () => {
    serve();
    const user = userEvent.setup();
    await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Load Default" }));
    const preview = screen.getByRole("complementary", { name: "Live Preview" });
    expect(within(preview).getByTestId("byte-budget")).toHaveTextContent(
      /^Largest possible record: 439 /,
    );
    expect(within(preview).queryByTestId("batch-budget")).toBeNull();
    // A long-text field (300 bytes) makes its largest record too long.
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    const dialog = screen.getByRole("dialog");
    await user.selectOptions(within(dialog).getByLabelText("Field Type"), "textarea");
    await user.type(within(dialog).getByLabelText(/^Field Label/), "Site induction notes");
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    expect(within(preview).getByTestId("batch-budget")).toHaveTextContent(
      /^Batch labels hold records of up to about 710 bytes legibly: a record filled near this template's limits is refused when batch printing\./,
    );
  });

  it("asks before a typed field is dropped by Escape, Cancel or leaving the page", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    // Untouched, Escape closes it straight away.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    await user.type(screen.getByLabelText(/^Field Label/), "Harness size");
    await user.keyboard("{Escape}");
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await user.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Field Label/)).toHaveValue("Harness size");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    // The editor itself is untouched: leaving the page is asked for the field.
    await router.navigate("/corporate/qr-codes");
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/corporate/form-builder");
    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate/qr-codes"));
  });

  it("drops an untyped field dialog and a saved field without asking", async () => {
    serve();
    const user = userEvent.setup();
    const { router } = await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    await user.type(screen.getByLabelText(/^Field Label/), "Harness size");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add Field" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rows()).toEqual(["1. Harness size"]);
    // The field made the template unsaved: leaving now is asked for the template.
    await router.navigate("/corporate/qr-codes");
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
  });

  it("duplicates a field at the end as '(Copy)' and renumbers after a delete", async () => {
    serve();
    const user = userEvent.setup();
    await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Load Default" }));
    await user.click(screen.getByRole("button", { name: "Duplicate Phone" }));
    expect(rows().at(-1)).toBe("7. Phone (Copy)");
    await user.click(screen.getByRole("button", { name: "Delete Email" }));
    expect(rows()).toEqual([
      "1. Full Name",
      "2. Phone",
      "3. Emergency Contact",
      "4. Emergency Phone",
      "5. Medical Conditions",
      "6. Phone (Copy)",
    ]);
  });

  it("reorders with the keyboard, announces it, and saves the new order", async () => {
    const fetch = serve({
      "POST /api/corporate/4/form-templates": () => ({
        status: 201,
        body: { success: true, template: siteCrew, message: "Form template created successfully" },
      }),
    });
    const user = userEvent.setup();
    await openNewEditor(user);
    await user.click(screen.getByRole("button", { name: "Load Default" }));
    // jsdom lays nothing out: give each row a place, 50 px apart, so the
    // keyboard sensor can find the next one.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
      this: HTMLElement,
    ) {
      const row = this.closest("[data-testid=template-field]");
      const i = row ? screen.getAllByTestId("template-field").indexOf(row as HTMLElement) : 0;
      return {
        x: 0,
        y: i * 50,
        top: i * 50,
        left: 0,
        bottom: i * 50 + 40,
        right: 300,
        width: 300,
        height: 40,
        toJSON: () => ({}),
      } as DOMRect;
    });
    const handle = screen.getByRole("button", { name: "Drag to reorder Full Name" });
    handle.focus();
    fireEvent.keyDown(handle, { code: "Space" });
    const live = await screen.findByRole("status");
    await waitFor(() => expect(live).toHaveTextContent("Full Name is at position 1 of 6."));
    fireEvent.keyDown(document, { code: "ArrowDown" });
    await waitFor(() => expect(live).toHaveTextContent("Full Name is at position 2 of 6."));
    fireEvent.keyDown(document, { code: "Space" });
    await waitFor(() => expect(rows().slice(0, 2)).toEqual(["1. Email", "2. Full Name"]));
    await waitFor(() => expect(live).toHaveTextContent("Full Name dropped at position 2 of 6."));

    await user.type(screen.getByLabelText(/^Template Name/), "Site crew");
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    await waitFor(() => expect(toastTitles()).toContain("Form template created successfully"));
    const body = sentBody(fetch, "POST /api/corporate/4/form-templates");
    expect(body.name).toBe("Site crew");
    expect(body.fields.map((f) => `${f.order}:${f.id}`).slice(0, 2)).toEqual([
      "1:email",
      "2:fullName",
    ]);
  });

  it("updates a saved template and shows the server's refusal as 'Failed to save template'", async () => {
    let puts = 0;
    serve({
      "PUT /api/corporate/form-templates/7": () =>
        ++puts === 1
          ? { status: 400, body: { message: "Field label is required" } }
          : {
              body: {
                success: true,
                template: siteCrew,
                message: "Form template updated successfully",
              },
            },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/form-builder");
    await user.click(await screen.findByRole("button", { name: "Edit Site crew" }));
    expect(screen.getByRole("heading", { name: "Edit Template" })).toBeVisible();
    expect(screen.getByRole("switch", { name: "Set as default template" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Update Template" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Failed to save template",
        description: "Field label is required",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Update Template" }));
    await waitFor(() => expect(toastTitles()).toContain("Form template updated successfully"));
    expect(await screen.findByRole("heading", { name: "Form Templates" })).toBeVisible();
  });
});
