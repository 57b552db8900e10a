import { useQrDataUrl } from "@/components/qr";
import { CopyField } from "@/components/ui/CopyField";
import { collectCopy } from "./copy";

const copy = collectCopy.links;

/** A new link, shown once: the address with a Copy button, and its QR code for a noticeboard. */
export function LinkShare(props: { url: string; qr?: boolean }) {
  const { url: qrUrl } = useQrDataUrl(props.qr === false ? null : props.url);
  return (
    <div className="link-share">
      <p className="hint">{copy.createdOnce}</p>
      <CopyField value={props.url} copy={copy} label={copy.title} />
      {qrUrl && (
        <img src={qrUrl} width={200} height={200} alt={copy.qrAlt} className="link-share-qr" />
      )}
    </div>
  );
}
