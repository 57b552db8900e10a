import { useState } from "react";
import { qrMessages } from "@/lib/copy";
import { useQrDataUrl } from "./useQrDataUrl";

/**
 * The person's QR code. With `sample`, the code is blurred and overlaid so
 * that it cannot be scanned or passed off as a real label (spec §1).
 */
export function QrCode(props: { text: string; sample: boolean; ready?: boolean; alt: string }) {
  const { url, failed } = useQrDataUrl(props.text);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  return (
    <figure className={`qr ${props.sample ? "qr-sample" : "qr-real"}`}>
      <div className="qr-frame">
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
        {!props.sample && props.ready && (
          <span className="qr-badge qr-badge-ready">{qrMessages.ready}</span>
        )}
      </div>
    </figure>
  );
}
