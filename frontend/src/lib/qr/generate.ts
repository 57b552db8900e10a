// The individual product's QR image (spec §1): level H, margin 1, 300 px,
// black on white, as a PNG data URL, generated in the browser.
//
// Why lean-qr and not `qrcode` (issue 24 item 14): `qrcode` has no ECI mode,
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
  try {
    return Promise.resolve(pngDataUrl(individualSymbol(text)));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The symbol drawn as a width x width PNG (one bit a pixel, black on
 * white) with margin modules of quiet zone, as a data URL. Each pixel takes
 * the module under its centre, so modules differ by at most a pixel.
 */
function pngDataUrl(code: Bitmap2D): string {
  const { width, margin } = individualQrOptions;
  const modules = code.size + 2 * margin;
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte, then the bits
  const raw = new Uint8Array(rowBytes * width);
  for (let y = 0; y < width; y++) {
    const my = Math.floor(((y + 0.5) * modules) / width) - margin;
    for (let x = 0; x < width; x++) {
      const mx = Math.floor(((x + 0.5) * modules) / width) - margin;
      // Greyscale at one bit: 1 is white, so light pixels set their bit.
      const at = y * rowBytes + 1 + (x >> 3);
      if (!code.get(mx, my)) raw[at] = raw[at]! | (0x80 >> (x & 7));
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, width);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const png = concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", zlibStored(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
  let binary = "";
  for (const b of png) binary += String.fromCharCode(b);
  return "data:image/png;base64," + btoa(binary);
}

/**
 * data as a zlib stream of stored (uncompressed) deflate blocks: a 300 px
 * one-bit image is 11.7 kB raw, so compressing it saves little and would
 * need an asynchronous API or a library.
 */
function zlibStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let at = 0; at < data.length; at += 0xffff) {
    const block = data.subarray(at, at + 0xffff);
    const last = at + 0xffff >= data.length ? 1 : 0;
    const head = new Uint8Array([
      last,
      block.length & 0xff,
      block.length >> 8,
      ~block.length & 0xff,
      (~block.length >> 8) & 0xff,
    ]);
    parts.push(head, block);
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = new Uint8Array(4);
  new DataView(adler.buffer).setUint32(0, ((b << 16) | a) >>> 0);
  parts.push(adler);
  return concat(parts);
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
