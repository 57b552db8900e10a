import type { CSSProperties } from "react";
import { labelPositions, sheetLayout, type LabelOptions } from "@/lib/labels";
import { labelCopy as copy } from "./copy";

/**
 * A sheet of labels drawn to scale in millimetres (the SVG's user unit), so
 * the same drawing serves the screen and, sized in mm, the printer. Each
 * label carries the QR image and the name; `blurred` marks the sample.
 */
export function LabelSheet(props: {
  options: LabelOptions;
  qrUrl: string | null;
  /** Lines printed beside the code: the name first, then e.g. the blood type. */
  lines: string[];
  blurred: boolean;
  /** Just one label, filling the drawing (for phone-sized previews). */
  single?: boolean;
}) {
  const { options } = props;
  const layout = sheetLayout(options.labelType, options.paperSize, options.customDimensions);
  const count = options.labelType === "custom" ? options.customDimensions.count : undefined;
  const positions = props.single ? [{ x: 0, y: 0 }] : labelPositions(layout, count);
  const { width: w, height: h, radius } = layout.label;
  const pad = Math.min(w, h) * 0.08;
  const wide = w / h >= 1.3;
  const qrSize = wide ? h - 2 * pad : Math.min(w - 2 * pad, h * 0.72);
  const qrX = wide ? pad : (w - qrSize) / 2;
  const qrY = pad;
  const textX = wide ? qrX + qrSize + pad : w / 2;
  const textWidth = wide ? w - textX - pad : w - 2 * pad;
  // Sized so the heading fits its column: about 0.62 em per bold capital.
  const fontSize = Math.max(1.6, Math.min(h * 0.1, textWidth / (copy.labelHeading.length * 0.66)));
  const small = fontSize * 0.72;
  const maxChars = Math.max(6, Math.floor(textWidth / (small * 0.56)));
  const fit = (line: string) => (line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line);
  const lineRoom = wide
    ? Math.floor((h - 2 * pad - fontSize * 2.2) / (small * 1.35))
    : h - qrSize - 2 * pad > fontSize * 2
      ? 1
      : 0;
  const lines = props.lines.filter((l) => l !== "").slice(0, Math.max(0, lineRoom));
  const title = copy.sheetTitle(layout.stock, positions.length);
  const view = props.single ? { width: w, height: h } : layout.paper;

  return (
    <svg
      className="label-sheet"
      viewBox={`0 0 ${view.width} ${view.height}`}
      style={
        {
          "--paper-width": `${view.width}mm`,
          "--paper-height": `${view.height}mm`,
          aspectRatio: `${view.width} / ${view.height}`,
        } as CSSProperties
      }
      role="img"
      aria-label={props.single ? copy.labelHeading : title}
    >
      <defs>
        <filter id="sample-blur">
          <feGaussianBlur stdDeviation={qrSize / 40} />
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
              x={qrX}
              y={qrY}
              width={qrSize}
              height={qrSize}
              filter={props.blurred ? "url(#sample-blur)" : undefined}
              preserveAspectRatio="xMidYMid meet"
              style={{ imageRendering: "pixelated" }}
            />
          )}
          <text
            x={textX}
            y={wide ? pad + fontSize : qrY + qrSize + fontSize * 1.1}
            fontSize={fontSize}
            fontWeight={700}
            fill="#b91c1c"
            textAnchor={wide ? "start" : "middle"}
          >
            {copy.labelHeading}
          </text>
          {lines.map((line, li) => (
            <text
              key={li}
              x={textX}
              y={
                wide
                  ? pad + fontSize * 1.1 + small * 1.35 * (li + 1)
                  : qrY + qrSize + fontSize * 1.1 + small * 1.2 * (li + 1)
              }
              fontSize={small}
              fontWeight={li === 0 ? 700 : 400}
              fill="#111827"
              textAnchor={wide ? "start" : "middle"}
            >
              {fit(line)}
            </text>
          ))}
          {wide && (
            <text x={textX} y={h - pad} fontSize={small * 0.8} fill="#4b5563">
              {copy.labelScan}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
