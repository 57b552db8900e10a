import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { standardFields, type TemplateField } from "@/lib/emergency/template";
import { TemplateForm } from "./TemplateForm";

const extra: TemplateField[] = [
  {
    id: "site",
    type: "select",
    label: "Site",
    required: true,
    category: "work",
    order: 15,
    options: ["North", "South"],
  },
  {
    id: "firstAider",
    type: "checkbox",
    label: "First aider",
    required: false,
    category: "work",
    order: 16,
  },
  {
    id: "badge",
    type: "number",
    label: "Badge number",
    required: false,
    category: "work",
    order: 17,
  },
];

describe("TemplateForm", () => {
  it("groups the fields by category in the preview's order", () => {
    render(
      <TemplateForm
        fields={[...standardFields(), ...extra]}
        submitLabel="Save"
        onSubmit={vi.fn()}
      />,
    );
    const legends = screen
      .getAllByRole("group")
      .map((g) => within(g).getAllByText(/./)[0]!.textContent);
    expect(legends).toEqual([
      "Personal Information",
      "Emergency Contacts",
      "Medical Information",
      "Work Information",
    ]);
    const medical = screen.getByRole("group", { name: "Medical Information" });
    expect(within(medical).getByLabelText(/^Blood Type/)).toBeInstanceOf(HTMLSelectElement);
  });

  it("lets every box run in the direction of what is typed in it", () => {
    render(
      <TemplateForm
        fields={[...standardFields(), ...extra]}
        submitLabel="Save"
        onSubmit={vi.fn()}
      />,
    );
    const boxes = [
      ...document.querySelectorAll("input:not([type=checkbox]):not([type=radio]), textarea"),
    ];
    expect(boxes.length).toBeGreaterThan(5);
    for (const box of boxes) expect(box).toHaveAttribute("dir", "auto");
  });

  it("shows the shared rules' messages and submits nothing while invalid", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <TemplateForm
        fields={[...standardFields(), ...extra]}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText(/^Badge number/), "12a");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Full name is required")).toBeVisible();
    expect(screen.getByText("Blood type is required")).toBeVisible();
    expect(screen.getByText("Contact name is required")).toBeVisible();
    expect(screen.getByText("Phone number is required")).toBeVisible();
    expect(screen.getByText("Site is required")).toBeVisible();
    expect(screen.getByText("Badge number must be a number")).toBeVisible();
    expect(screen.getByLabelText(/^Full Name/)).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits the normalised values of a valid form, a ticked box as true", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <TemplateForm
        fields={[...standardFields(), ...extra]}
        initialValues={{ fullName: "  Jane   Doe ", bloodType: "O+" }}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText(/^Emergency Contact Name/), "John Doe");
    await user.type(screen.getByLabelText(/^Emergency Contact Phone/), "+44 7700 900123");
    await user.selectOptions(screen.getByLabelText(/^Site/), "South");
    await user.click(screen.getByLabelText(/^First aider/));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: "Jane Doe",
      bloodType: "O+",
      contact1Name: "John Doe",
      contact1Phone: "+44 7700 900123",
      site: "South",
      firstAider: "true",
    });
  });

  it("shows the server's messages beside their fields, and a busy button", () => {
    render(
      <TemplateForm
        fields={extra}
        submitLabel="Save"
        busy
        busyLabel="Saving…"
        serverErrors={{ site: "Choose one of the options for Site" }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByText("Choose one of the options for Site")).toBeVisible();
    expect(screen.getByRole("button", { name: "Saving…" })).toBeDisabled();
  });
});
