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
  name: string;
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
  const fontSize = Math.max(2.2, Math.min(h * 0.1, textWidth / 9));
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
          {(wide || h - qrSize - 2 * pad > fontSize * 2) && (
            <text
              x={textX}
              y={wide ? pad + fontSize * 2.4 : qrY + qrSize + fontSize * 2.2}
              fontSize={fontSize * 0.75}
              fill="#111827"
              textAnchor={wide ? "start" : "middle"}
            >
              {props.name.length > 24 ? `${props.name.slice(0, 23)}…` : props.name}
            </text>
          )}
          {wide && (
            <text x={textX} y={h - pad} fontSize={fontSize * 0.6} fill="#4b5563">
              {copy.labelScan}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
