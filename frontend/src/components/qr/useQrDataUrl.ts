import { useEffect, useState } from "react";
import { qrDataUrl } from "@/lib/qr";

/** The data URL of `text`'s QR image, or the failure (spec §8 'Failed to generate QR code'). */
export function useQrDataUrl(text: string | null) {
  const [state, setState] = useState<{ text: string | null; url: string | null; failed: boolean }>({
    text: null,
    url: null,
    failed: false,
  });
  useEffect(() => {
    if (text === null) return;
    let current = true;
    qrDataUrl(text).then(
      (url) => current && setState({ text, url, failed: false }),
      (error: unknown) => {
        console.error("QR generation failed", error);
        if (current) setState({ text, url: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  // A result for an earlier text is not shown for the new one.
  const fresh = state.text === text;
  return { url: fresh ? state.url : null, failed: fresh && state.failed };
}
