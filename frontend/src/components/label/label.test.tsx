import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { defaultLabelOptions, type LabelOptions } from "@/lib/labels";
import { LabelOptionsForm } from "./LabelOptionsForm";
import { LabelSheet } from "./LabelSheet";

function Options(props: { initial: LabelOptions }) {
  const [value, setValue] = useState(props.initial);
  return (
    <>
      <LabelOptionsForm value={value} onChange={(c) => setValue((v) => ({ ...v, ...c }))} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const current = () => JSON.parse(screen.getByTestId("value").textContent!) as LabelOptions;

describe("LabelSheet", () => {
  it("draws every label of the sheet at the paper's size in millimetres", () => {
    const { container } = render(
      <LabelSheet
        options={defaultLabelOptions("en-GB")}
        qrUrl="data:,"
        lines={["Jane"]}
        blurred={false}
      />,
    );
    const svg = screen.getByRole("img", { name: "Avery L7173, 10 labels per sheet" });
    expect(svg.getAttribute("viewBox")).toBe("0 0 210 297");
    expect(container.querySelectorAll("image")).toHaveLength(10);
    expect(container.querySelector("image[filter]")).toBeNull();
  });

  it("blurs the sample's codes", () => {
    const { container } = render(
      <LabelSheet
        options={defaultLabelOptions("en-US")}
        qrUrl="data:,"
        lines={["Sample"]}
        blurred
      />,
    );
    expect(
      screen.getByRole("img", { name: "Avery 5163, 10 labels per sheet" }),
    ).toBeInTheDocument();
    expect(container.querySelectorAll("image[filter]")).toHaveLength(10);
  });
});

describe("LabelOptionsForm", () => {
  it("switches type, paper, quality and waterproof", async () => {
    const user = userEvent.setup();
    render(<Options initial={defaultLabelOptions("en-GB")} />);
    await user.click(screen.getByRole("radio", { name: /Wallet/ }));
    await user.selectOptions(screen.getByLabelText("Paper size"), "letter");
    await user.selectOptions(screen.getByLabelText("Print quality"), "standard");
    const waterproof = screen.getByRole("switch", { name: /Waterproof labels/ });
    expect(waterproof).toHaveAttribute("aria-checked", "true");
    await user.click(waterproof);
    expect(current()).toMatchObject({
      labelType: "wallet",
      paperSize: "letter",
      printQuality: "standard",
      waterproof: false,
    });
  });

  it("shows the custom inputs with the grid hint and ratings", async () => {
    const user = userEvent.setup();
    render(<Options initial={defaultLabelOptions("en-GB")} />);
    expect(screen.queryByLabelText("Width (mm)")).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Custom/ }));
    const rows = screen.getByLabelText("Rows");
    await user.clear(rows);
    await user.type(rows, "4");
    await user.tab();
    expect(current().customDimensions.rows).toBe(4);
    expect(screen.getByText(/2 × 4 = 8, labels per sheet 10/)).toHaveClass("hint-warn");
    const width = screen.getByLabelText("Width (mm)");
    await user.clear(width);
    await user.type(width, "240");
    await user.tab();
    expect(screen.getByText("Layout: unbalanced")).toBeInTheDocument();
    expect(screen.getByText("Aspect ratio: extreme")).toBeInTheDocument();
  });
});
