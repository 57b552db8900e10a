import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import designs from "@pkg/sheet/testdata/label-designs.json";
import {
  defaultLabelOptions,
  lineText,
  PT_TO_MM,
  type LabelOptions,
  type LabelType,
  type PaperSize,
} from "@/lib/labels";
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
        lines={{ name: "Jane", bloodType: "O+", ice: "+44 7700 900123" }}
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
        lines={{ name: "Sample", bloodType: "", ice: "" }}
        blurred
      />,
    );
    expect(
      screen.getByRole("img", { name: "Avery 5163, 10 labels per sheet" }),
    ).toBeInTheDocument();
    expect(container.querySelectorAll("image[filter]")).toHaveLength(10);
  });
});

// The preview draws each label as the PDF prints it: every line of the
// design in pkg/sheet/testdata/label-designs.json (the Go layout of every
// preset, checked there against the real PDF) is a text of the SVG at the
// same place, size, weight and colour, and the code fills the same square.
describe("LabelSheet and the printed design", () => {
  const details = { name: "Amelia García", bloodType: "A+", ice: "+44 7700 900123", caption: "" };
  const presets = designs.filter((d) => !d.name.startsWith("custom"));
  const customs = designs.filter((d) => d.name.startsWith("custom"));
  const near = (got: string | null, want: number) =>
    expect(Math.abs(Number(got) - want)).toBeLessThan(0.01);

  it.each([...presets, ...customs])("draws $name as the PDF prints it", (golden) => {
    const [type, paper] = golden.name.startsWith("custom")
      ? ["custom", "a4"]
      : golden.name.split("-");
    const options = {
      ...defaultLabelOptions("en-GB"),
      labelType: type as LabelType,
      paperSize: paper as PaperSize,
      customDimensions: {
        width: golden.width,
        height: golden.height,
        count: 1,
        cols: 1,
        rows: 1,
      },
    };
    const { container } = render(
      <LabelSheet options={options} qrUrl="data:," lines={details} blurred={false} single />,
    );
    const image = container.querySelector("image")!;
    near(image.getAttribute("x"), golden.design.qr.x);
    near(image.getAttribute("y"), golden.design.qr.y);
    near(image.getAttribute("width"), golden.design.qr.w);
    const texts = [...container.querySelectorAll("text")];
    const printed = golden.design.lines.filter(
      (l) => lineText(l as Parameters<typeof lineText>[0], details) !== "",
    );
    expect(texts.map((t) => t.dataset.role)).toEqual(printed.map((l) => l.role));
    printed.forEach((line, i) => {
      const t = texts[i]!;
      expect(t.textContent).toBe(lineText(line as Parameters<typeof lineText>[0], details));
      near(t.getAttribute("x"), line.x);
      near(t.getAttribute("y"), line.baseline);
      near(t.getAttribute("font-size"), line.pt * PT_TO_MM);
      expect(t.getAttribute("font-weight")).toBe(line.bold ? "700" : "400");
      expect(t.getAttribute("fill")).toBe(line.colour);
      expect(t.getAttribute("text-anchor")).toBe(line.centred ? "middle" : "start");
    });
    expect(texts.map((t) => t.textContent)).toContain("EMERGENCY INFO");
    expect(texts.map((t) => t.textContent)).toContain("ICE: +44 7700 900123");
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
