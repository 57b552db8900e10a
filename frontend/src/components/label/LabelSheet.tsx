import { useEffect, useLayoutEffect, useRef, type CSSProperties } from "react";
import {
  labelDesign,
  labelPositions,
  lineText,
  PT_TO_MM,
  sheetLayout,
  type LabelDetails,
  type LabelOptions,
} from "@/lib/labels";
import { labelCopy as copy } from "./copy";
import { labelFontStack } from "./fonts";
import { printedText } from "./printedText";
import "./fonts.css";

/**
 * A sheet of labels drawn to scale in millimetres (the SVG's user unit), so
 * the same drawing serves the screen and, sized in mm, the printer. Each
 * label is laid out by the printed label's design (pkg/sheet/design.json,
 * through labelDesign): the QR image in the code's square and the design's
 * lines where the PDF prints them. `blurred` marks the sample.
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
  const svg = useRef<SVGSVGElement>(null);

  useLayoutEffect(() => fitText(svg.current));
  // A web font arriving after the first paint changes every width: measure again.
  useEffect(() => {
    const fonts = document.fonts as FontFaceSet | undefined; // jsdom has none
    const refit = () => fitText(svg.current);
    fonts?.addEventListener("loadingdone", refit);
    return () => fonts?.removeEventListener("loadingdone", refit);
  }, []);

  return (
    <svg
      ref={svg}
      className="label-sheet"
      viewBox={`0 0 ${view.width} ${view.height}`}
      style={
        {
          "--paper-width": `${view.width}mm`,
          "--paper-height": `${view.height}mm`,
          aspectRatio: `${view.width} / ${view.height}`,
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
          {design.lines.map((line) => {
            const text = printedText(lineText(line, props.lines));
            return (
              text !== "" && (
                <text
                  key={line.role}
                  data-role={line.role}
                  data-width={line.width}
                  x={line.x}
                  y={line.baseline}
                  fontSize={line.pt * PT_TO_MM}
                  fontWeight={line.bold ? 700 : 400}
                  fill={line.colour}
                  textAnchor={line.centred ? "middle" : "start"}
                >
                  {text}
                </text>
              )
            );
          })}
        </g>
      ))}
    </svg>
  );
}

/**
 * A person's own text wider than its line is squeezed into it, as the PDF
 * shrinks it; only a browser can measure text (jsdom cannot).
 */
function fitText(svg: SVGSVGElement | null) {
  svg?.querySelectorAll<SVGTextElement>("text[data-width]").forEach((el) => {
    const room = Number(el.dataset.width);
    el.removeAttribute("textLength");
    if (typeof el.getComputedTextLength === "function" && el.getComputedTextLength() > room) {
      el.setAttribute("textLength", String(room));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
}
