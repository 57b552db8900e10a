import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { qrText } from "@/lib/emergency";
import { sampleEmergencyData } from "@/lib/qr";
import { QrContentDialog } from "./QrContentDialog";

function Harness(props: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <QrContentDialog open={open} onOpenChange={setOpen} text={props.text} now={new Date()} />
    </>
  );
}

describe("QrContentDialog", () => {
  const text = qrText(sampleEmergencyData, new Date("2026-11-21T12:00:00Z"), "Europe/London");

  it("renders only while open and shows the exact text", async () => {
    const user = userEvent.setup();
    render(<Harness text={text} />);
    expect(screen.queryByText("QR CODE CONTENT")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "open" }));
    expect(screen.getByRole("dialog", { name: "QR CODE CONTENT" })).toBeInTheDocument();
    expect(screen.getByText("Exact text that appears when scanned")).toBeInTheDocument();
    expect(screen.getByTestId("qr-text").textContent).toBe(text);
    expect(text).toContain("Name: SAMPLE USER - PURCHASE TO UNLOCK");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("QR CODE CONTENT")).not.toBeInTheDocument();
  });
});
