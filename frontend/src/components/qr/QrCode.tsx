import { useState, type CSSProperties } from "react";
import { individualQrOptions } from "@/lib/qr";
import { qrMessages } from "@/lib/copy";
import { useQrDataUrl } from "./useQrDataUrl";

/** The standard's quiet zone (ISO/IEC 18004): light modules on each side. */
export const QUIET_MODULES = 4;

/**
 * The person's QR code. With `sample`, the code is blurred and overlaid so
 * that it cannot be scanned or passed off as a real label (docs/design/individual.md §1).
 *
 * A real code is meant to be tested with a phone, so nothing is drawn over
 * it or its quiet zone: the image has the spec's 1 module of margin, the
 * frame adds white to make the standard's 4 on every side (its border and
 * rounded corners lie outside them), and the READY badge sits under the
 * frame, not on it.
 */
export function QrCode(props: { text: string; sample: boolean; ready?: boolean; alt: string }) {
  const { url, modules, failed } = useQrDataUrl(props.text);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  // The image's side in modules (symbol and its margin), and the frame's.
  const imageModules = modules === null ? null : modules + 2 * individualQrOptions.margin;
  const frameModules = modules === null ? null : modules + 2 * QUIET_MODULES;
  const frame =
    imageModules === null || frameModules === null
      ? undefined
      : ({
          "--qr-image-modules": imageModules,
          "--qr-frame-modules": frameModules,
        } as CSSProperties);
  return (
    <figure className={`qr ${props.sample ? "qr-sample" : "qr-real"}`}>
      <div className="qr-frame" style={frame}>
        {failed ? (
          <p role="alert" className="qr-error">
            {qrMessages.failed}
          </p>
        ) : url && url === brokenUrl ? (
          <p role="alert" className="qr-error">
            {qrMessages.imageFailed}
          </p>
        ) : url ? (
          <img
            src={url}
            width={300}
            height={300}
            alt={props.alt}
            className="qr-image"
            draggable={!props.sample}
            onError={() => setBrokenUrl(url)}
          />
        ) : (
          <div className="qr-placeholder" aria-hidden="true" />
        )}
        {props.sample && (
          <div className="qr-overlay">
            <span className="qr-badge qr-badge-preview">{qrMessages.sampleBadge}</span>
            <span className="qr-sample-user">{qrMessages.sampleUser}</span>
          </div>
        )}
      </div>
      {!props.sample && props.ready && (
        <figcaption className="qr-status">
          <span className="qr-badge qr-badge-ready">{qrMessages.ready}</span>
        </figcaption>
      )}
    </figure>
  );
}
