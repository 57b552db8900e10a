import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useEmergencyStore } from "@/stores/emergency";
import { usePaymentStatusStore, useUserStore, paidStatus } from "@/stores/session";
import { EmergencyForm } from "./EmergencyForm";

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <EmergencyForm key={useEmergencyStore.getState().revision} /> },
      { path: "/qr-generated", element: <h1>QR page</h1> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const stored = () => JSON.parse(localStorage.getItem("lifetag_emergency_info") ?? "null");

describe("EmergencyForm", () => {
  beforeEach(() => {
    localStorage.clear();
    useEmergencyStore.setState({ data: null });
    useUserStore.setState({ user: null });
    usePaymentStatusStore.setState({ status: null });
  });

  it("saves partial data on every change", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Full name/), "Jane");
    expect(stored().personalInfo.fullName).toBe("Jane");
    expect(stored().lastModified).toMatch(/^\d{4}-/);
    await user.type(screen.getByLabelText(/Allergies/), "Nuts");
    expect(stored().medicalInfo.allergies).toBe("Nuts");
  });

  it("counts what still fits as a field nears its limit, before any submit", async () => {
    const user = userEvent.setup();
    renderForm();
    const name = screen.getByLabelText(/Full name/);
    await user.type(name, "Jane Doe");
    expect(screen.queryByText(/characters? left/)).toBeNull();
    await user.type(name, "x".repeat(60 - 8 - 3));
    expect(name).toHaveAccessibleDescription("3 characters left");
    await user.type(name, "xxxxx");
    expect(screen.getByText("2 characters too many")).toBeInTheDocument();
  });

  it("lets every box run in the direction of what is typed in it", () => {
    renderForm();
    const boxes = [
      ...document.querySelectorAll("input:not([type=checkbox]):not([type=radio]), textarea"),
    ];
    expect(boxes.length).toBeGreaterThan(5);
    for (const box of boxes) expect(box).toHaveAttribute("dir", "auto");
  });

  it("asks for phone numbers in the international format", () => {
    renderForm();
    const phone = screen.getByLabelText(/^Phone/);
    expect(phone).toHaveAccessibleDescription(/\+44 7700 900123, so it can be called from abroad/);
    expect(phone).toHaveAttribute("placeholder", "+44 …");
  });

  it("shows the spec's messages on an empty submit and stays put", async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await user.click(screen.getByRole("button", { name: "Generate My QR Code" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Valid email address is required")).toBeInTheDocument();
    expect(screen.getByText("Blood type is required")).toBeInTheDocument();
    expect(screen.getByText("Contact name is required")).toBeInTheDocument();
    expect(screen.getByText("Phone number is required")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByLabelText(/Full name/)).toHaveFocus();
  });

  it("offers Remove only while more than one contact exists", async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByRole("button", { name: /Remove contact/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Add Contact/ }));
    expect(screen.getAllByRole("button", { name: /Remove contact/ })).toHaveLength(2);
    expect(stored().emergencyContacts).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Remove contact 2" }));
    expect(screen.queryByRole("button", { name: /Remove contact/ })).not.toBeInTheDocument();
    expect(stored().emergencyContacts).toHaveLength(1);
  });

  it("goes to /qr-generated with a valid record", async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await user.type(screen.getByLabelText(/Full name/), "Jane Doe");
    await user.type(screen.getByLabelText(/^Email/), "jane@example.com");
    await user.selectOptions(screen.getByLabelText(/Blood type/), "O+");
    await user.type(screen.getByLabelText(/Weight/), "70.5");
    const contact = screen.getByRole("listitem");
    await user.type(within(contact).getByLabelText(/Name/), "John Doe");
    await user.type(within(contact).getByLabelText(/Phone/), "+44 7700 900123");
    await user.click(screen.getByRole("button", { name: "Generate My QR Code" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/qr-generated"));
    expect(stored().personalInfo).toMatchObject({
      fullName: "Jane Doe",
      bloodType: "O+",
      weight: 70.5,
    });
  });

  it("Clear Form resets the fields and removes saved data", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Full name/), "Jane");
    await user.click(screen.getByRole("button", { name: "Clear Form" }));
    const dialog = await screen.findByRole("dialog", { name: "Clear the form?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep My Details" }));
    expect(useEmergencyStore.getState().data?.personalInfo.fullName).toBe("Jane");
    await user.click(screen.getByRole("button", { name: "Clear Form" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Clear Form" }),
    );
    expect(localStorage.getItem("lifetag_emergency_info")).toBeNull();
    expect(useEmergencyStore.getState().data).toBeNull();
  });

  it("locks the identity fields after payment", () => {
    usePaymentStatusStore.setState({ status: paidStatus(true) });
    renderForm();
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/Date of birth/)).toHaveAttribute("readonly");
    expect(
      screen.getByText("Full name is locked after payment to prevent sharing"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Blood type/)).not.toHaveAttribute("readonly");
  });

  it("Clear Form keeps the locked identity after payment", async () => {
    const user = userEvent.setup();
    useEmergencyStore.getState().save({
      personalInfo: {
        fullName: "Jane Doe",
        email: "jane@example.com",
        dateOfBirth: "1980-01-15",
        bloodType: "O+",
      },
      emergencyContacts: [{ id: "1", name: "John", phone: "1" }],
      medicalInfo: { allergies: "Nuts" },
    });
    usePaymentStatusStore.setState({ status: paidStatus(true) });
    renderForm();
    await user.click(screen.getByRole("button", { name: "Clear Form" }));
    const dialog = await screen.findByRole("dialog");
    // The question says what stays.
    expect(dialog).toHaveTextContent(
      "Every field but your locked name, email and date of birth is emptied",
    );
    await user.click(within(dialog).getByRole("button", { name: "Clear Form" }));
    const data = useEmergencyStore.getState().data!;
    expect(data.personalInfo).toMatchObject({
      fullName: "Jane Doe",
      email: "jane@example.com",
      dateOfBirth: "1980-01-15",
      bloodType: "",
    });
    expect(data.medicalInfo.allergies).toBe("");
    expect(data.emergencyContacts[0]?.name).toBe("");
  });
});
