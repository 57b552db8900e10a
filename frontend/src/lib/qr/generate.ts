// The individual product's QR image (docs/design/individual.md §1): level H, margin 1, 300 px,
// black on white, as a PNG data URL, generated in the browser.
//
// Why lean-qr and not `qrcode`: `qrcode` has no ECI mode,
// so accented names were drawn without the designator that says the bytes
// are UTF-8, and zbar guesses a charset and reads "Núñez" as mojibake.
// lean-qr (7 kB, no dependencies) writes ECI segments; the rule is the Go
// encoder's (pkg/qr Encode): the ECI designator for UTF-8 first when any
// byte is not ASCII, none for ASCII text.
import { correction, generate, mode, type Bitmap2D, type Mode } from "lean-qr";

export const individualQrOptions = {
  errorCorrectionLevel: "H",
  margin: 1, // modules of quiet zone on each side
  width: 300, // px, the image's side
} as const;

/** UTF-8's ECI assignment number (ISO/IEC 18004, 7.4.2). */
const ECI_UTF8 = 26;

/** Whether the code marks text as UTF-8: when any character is not ASCII. */
export function needsEci(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

/**
 * The data segments for text: numeric and alphanumeric runs in their
 * tighter modes, the rest as bytes, after the ECI designator for UTF-8 when
 * any character is not ASCII.
 */
export function individualData(text: string): Mode {
  if (!needsEci(text))
    return mode.auto(text, { modes: [mode.numeric, mode.alphaNumeric, mode.ascii] });
  // The designator comes first, so every byte segment after it is UTF-8;
  // lean-qr's utf8 mode sees it already set and writes no second one.
  return mode.multi(
    mode.eci(ECI_UTF8),
    mode.auto(text, { modes: [mode.numeric, mode.alphaNumeric, mode.utf8] }),
  );
}

/**
 * The level-H symbol for text, the smallest version that holds it. Throws
 * when the text is too long for any version.
 */
export function individualSymbol(text: string): Bitmap2D {
  return generate(individualData(text), {
    minCorrectionLevel: correction.H,
    maxCorrectionLevel: correction.H,
  });
}

export function qrDataUrl(text: string): Promise<string> {
  return qrImage(text).then((image) => image.url);
}

/** The PNG data URL of text's code and the symbol's side in modules (without quiet zone). */
export function qrImage(text: string): Promise<{ url: string; modules: number }> {
  try {
    const code = individualSymbol(text);
    return Promise.resolve({ url: drawnDataUrl(code), modules: code.size });
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The symbol drawn black on white on a width x width canvas with margin
 * modules of quiet zone, as the browser's own PNG. Module edges fall on
 * whole pixels, so the image stays pure black and white (no blurred edges
 * for a reader to guess at); modules differ by at most a pixel.
 */
function drawnDataUrl(code: Bitmap2D): string {
  const { width, margin } = individualQrOptions;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = width;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw images.");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, width);
  context.fillStyle = "#000000";
  const edge = (module: number) =>
    Math.round(((module + margin) * width) / (code.size + 2 * margin));
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y))
        context.fillRect(edge(x), edge(y), edge(x + 1) - edge(x), edge(y + 1) - edge(y));
    }
  }
  return canvas.toDataURL("image/png");
}
