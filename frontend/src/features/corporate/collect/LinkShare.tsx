import { useState } from "react";
import { useQrDataUrl } from "@/components/qr";
import { collectCopy } from "./copy";

const copy = collectCopy.links;

/** A new link, shown once: the address with a Copy button, and its QR code for a noticeboard. */
export function LinkShare(props: { url: string; qr?: boolean }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const { url: qrUrl } = useQrDataUrl(props.qr === false ? null : props.url);
  return (
    <div className="link-share">
      <p className="hint">{copy.createdOnce}</p>
      <div className="copy-row">
        <input
          readOnly
          value={props.url}
          aria-label={copy.title}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(props.url);
              setCopied("yes");
            } catch (error) {
              console.error("Copy failed", error);
              setCopied("failed");
            }
          }}
        >
          {copied === "yes" ? copy.copied : copy.copy}
        </button>
      </div>
      {copied === "failed" && <p role="alert">{copy.copyFailed}</p>}
      {qrUrl && (
        <img src={qrUrl} width={200} height={200} alt={copy.qrAlt} className="link-share-qr" />
      )}
    </div>
  );
}
