import { useEffect, useMemo, useState, type CSSProperties } from "react";
import {
  fitLines,
  labelDesign,
  labelPositions,
  PT_TO_MM,
  sheetLayout,
  type LabelDetails,
  type LabelOptions,
} from "@/lib/labels";
import { labelCopy as copy } from "./copy";
import { browserMeasure, labelFontStack } from "./fonts";
import { printedText } from "./printedText";
import "./fonts.css";

/**
 * A sheet of labels drawn to scale in millimetres (the SVG's user unit), so
 * the same drawing serves the screen and, sized in mm, the printer. Each
 * label is laid out by the printed label's design (pkg/sheet/design.json,
 * through labelDesign): the QR image in the code's square and the design's
 * lines fitted as the PDF fits them (fitLines: shrunk, a long name wrapped
 * onto a second row, cut short), measured in the same fonts. `blurred`
 * marks the sample.
 */
export function LabelSheet(props: {
  options: LabelOptions;
  qrUrl: string | null;
  /** The person's details the label prints (labelLines). */
  lines: LabelDetails;
  blurred: boolean;
  /** Just one label, filling the drawing (for phone-sized previews). */
  single?: boolean;
}) {
  const { options } = props;
  const layout = sheetLayout(options.labelType, options.paperSize, options.customDimensions);
  const count = options.labelType === "custom" ? options.customDimensions.count : undefined;
  const positions = props.single ? [{ x: 0, y: 0 }] : labelPositions(layout, count);
  const { width: w, height: h, radius } = layout.label;
  const design = labelDesign(w, h, radius);
  const title = copy.sheetTitle(layout.stock, positions.length);
  const view = props.single ? { width: w, height: h } : layout.paper;
  const measure = useMemo(() => browserMeasure(), []);
  // A web font arriving after the first paint changes every width: render,
  // and so measure and fit, again.
  const [, setFontsLoaded] = useState(0);
  useEffect(() => {
    const fonts = document.fonts as FontFaceSet | undefined; // jsdom has none
    const refit = () => setFontsLoaded((n) => n + 1);
    fonts?.addEventListener("loadingdone", refit);
    return () => fonts?.removeEventListener("loadingdone", refit);
  }, []);
  const rows = fitLines(design, props.lines, measure);
  const style = Object.fromEntries(design.lines.map((l) => [l.role, l]));

  return (
    <svg
      className="label-sheet"
      viewBox={`0 0 ${view.width} ${view.height}`}
      style={
        {
          "--paper-width": `${view.width}mm`,
          "--paper-height": `${view.height}mm`,
          aspectRatio: `${view.width} / ${view.height}`,
          // As the PDF sets its lines (and as browserMeasure measures them).
          fontKerning: "none",
        } as CSSProperties
      }
      fontFamily={labelFontStack}
      role="img"
      aria-label={props.single ? copy.labelHeading : title}
    >
      <defs>
        <filter id="sample-blur">
          <feGaussianBlur stdDeviation={design.qr.w / 40} />
        </filter>
      </defs>
      <rect width={view.width} height={view.height} fill="#fff" />
      {positions.map((p, i) => (
        <g key={i} transform={`translate(${p.x} ${p.y})`}>
          <rect
            width={w}
            height={h}
            rx={radius}
            fill="#fff"
            stroke="#9ca3af"
            strokeWidth={0.3}
            strokeDasharray="1.5 1"
          />
          {props.qrUrl && (
            <image
              href={props.qrUrl}
              x={design.qr.x}
              y={design.qr.y}
              width={design.qr.w}
              height={design.qr.h}
              filter={props.blurred ? "url(#sample-blur)" : undefined}
              preserveAspectRatio="xMidYMid meet"
              style={{ imageRendering: "pixelated" }}
            />
          )}
          {rows.map((row, j) => {
            const line = style[row.role]!;
            return (
              <text
                key={j}
                data-role={row.role}
                x={row.x}
                y={row.baseline}
                fontSize={row.pt * PT_TO_MM}
                fontWeight={line.bold ? 700 : 400}
                fill={line.colour}
                textAnchor={line.centred ? "middle" : "start"}
              >
                {printedText(row.text)}
              </text>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
