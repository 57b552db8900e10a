// The individual product's QR image (spec §1): level H, margin 1, 300 px,
// black on white, as a PNG data URL, generated in the browser.
import QRCode from "qrcode";

export const individualQrOptions = {
  errorCorrectionLevel: "H",
  margin: 1,
  width: 300,
  color: { dark: "#000000", light: "#ffffff" },
  type: "image/png",
} as const;

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, individualQrOptions);
}
