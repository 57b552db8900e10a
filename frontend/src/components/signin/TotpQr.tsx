import { useEffect, useState } from "react";
import { qrDataUrl } from "@/lib/qr/generate";

/** The authenticator app's otpauth URL as a QR code to scan. */
export function TotpQr(props: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(props.url).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [props.url]);
  if (!src) return null;
  return <img className="totp-qr" src={src} alt={props.alt} width={200} height={200} />;
}
