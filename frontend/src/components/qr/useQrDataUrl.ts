import { useEffect, useState } from "react";
import { qrImage } from "@/lib/qr";

type State = { text: string | null; url: string | null; modules: number | null; failed: boolean };

/**
 * The data URL of `text`'s QR image and the symbol's side in modules, or the
 * failure (docs/design/individual.md §8 'Failed to generate QR code').
 */
export function useQrDataUrl(text: string | null) {
  const [state, setState] = useState<State>({
    text: null,
    url: null,
    modules: null,
    failed: false,
  });
  useEffect(() => {
    if (text === null) return;
    let current = true;
    qrImage(text).then(
      ({ url, modules }) => current && setState({ text, url, modules, failed: false }),
      (error: unknown) => {
        console.error("QR generation failed", error);
        if (current) setState({ text, url: null, modules: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  // A result for an earlier text is not shown for the new one.
  const fresh = state.text === text;
  return {
    url: fresh ? state.url : null,
    modules: fresh ? state.modules : null,
    failed: fresh && state.failed,
  };
}
