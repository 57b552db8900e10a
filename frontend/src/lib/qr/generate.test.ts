// @vitest-environment node
// The QR image decodes back to exactly the formatter's text (emoji, line
// breaks and all), checked with real decoders: zbarimg from zbar-tools (as a
// phone app built on zbar reads text, its own charset handling) and
// zxing-cpp (Debian's python3-zxing-cpp). Text that is not ASCII carries the
// ECI designator for UTF-8, as the Go encoder's codes do;
// ASCII text carries none: the test reads the data stream's first bits and
// the symbol's first codeword (the Debian zxing-cpp here reports no ECI in
// its symbology identifier, and zbar reads "Núñez" as mojibake without it).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import qrVectors from "@pkg/emergency/testdata/qr-text.json";
import { qrText } from "@/lib/emergency/qrText";
import type { Bitmap2D } from "lean-qr";
import { toPngBuffer } from "lean-qr/extras/node_export";
import { individualData, individualSymbol, needsEci } from "./generate";
import { sampleEmergencyData } from "./sample";

const zbarimg = "/usr/bin/zbarimg";
const python = "/usr/bin/python3";
const haveZxing =
  existsSync(python) &&
  (() => {
    try {
      execFileSync(python, ["-c", "import zxingcpp, PIL"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
// `make test` sets LIFETAG_STRICT: there a missing decoder is a failure, not a skip.
const run = (existsSync(zbarimg) && haveZxing) || process.env.LIFETAG_STRICT ? it : it.skip;

// Names and notes as records carry them (pkg/qr's eciPayloads), then the
// golden vectors' texts: accents, CJK, right-to-left, emoji, Greek,
// Cyrillic, Devanagari and Thai, and the largest record.
const payloads = [
  "Ann O'Brien",
  "Núñez",
  "Siobhán Ó Briain, Zoë Müller, Łukasz Żółć",
  "Rider 🏍️ allergic to 🐝",
  "Γιώργος Παπαδόπουλος",
  "Иван Петров",
  "محمد العلي",
  "王小明",
  "山田太郎 やまだ",
  "प्रिया शर्मा",
  ...qrVectors.cases.map((c) => c.expected),
];

const dir = mkdtempSync(join(tmpdir(), "lifetag-qr-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Writes each text's symbol as an image of about the size qrDataUrl draws
 * (300 px, a one-module margin; whole pixels a module here, as the browser's
 * canvas cannot run in this test: e2e/visitor.spec.ts reads the drawn image
 * itself) and returns the files.
 */
function images(texts: string[]): string[] {
  return texts.map((text, i) => {
    const symbol = individualSymbol(text);
    const scale = Math.max(1, Math.floor(300 / (symbol.size + 2)));
    const file = join(dir, `qr-${i}.png`);
    writeFileSync(file, toPngBuffer(symbol, { scale, pad: 1, off: [255, 255, 255] }));
    return file;
  });
}

/** The symbol for text, at 6 px a module with 4 of margin. */
function symbolFile(text: string, i: number): string {
  const file = join(dir, `symbol-${i}.png`);
  writeFileSync(
    file,
    toPngBuffer(individualSymbol(text), { scale: 6, pad: 4, off: [255, 255, 255] }),
  );
  return file;
}

/** zbarimg's text for one file, read as a phone app reads it (no -Sbinary). */
function zbar(file: string): string {
  const out = execFileSync(zbarimg, ["--nodbus", "--raw", "-q", file], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  // zbarimg ends its output with a newline of its own.
  return out.toString("utf8").replace(/\n$/, "");
}

/**
 * zxing-cpp's text per file ("" where it read none). Its files are the
 * symbols drawn at whole pixels (symbolFile): Debian's zxing-cpp 2.0 missed
 * 8 of the 40 golden vectors' 300 px images (modules of 5.1 px, one-module
 * margin; the largest record's are 1.7 px), which zbar reads every one of.
 */
function zxing(files: string[]): string[] {
  const script = `import sys, zxingcpp
from PIL import Image
for name in sys.stdin.read().splitlines():
    found = zxingcpp.read_barcodes(Image.open(name), formats=zxingcpp.BarcodeFormat.QRCode)
    print(found[0].text.encode("utf-8").hex() if found else "")`;
  const out = execFileSync(python, ["-c", script], { input: files.join("\n") });
  return out
    .toString()
    .trimEnd()
    .split("\n")
    .map((hex) => Buffer.from(hex, "hex").toString("utf8"));
}

/** The mask patterns (ISO/IEC 18004, 7.8.2): where a module is inverted. */
const masks = [
  (x: number, y: number) => (x + y) % 2 === 0,
  (_: number, y: number) => y % 2 === 0,
  (x: number) => x % 3 === 0,
  (x: number, y: number) => (x + y) % 3 === 0,
  (x: number, y: number) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x: number, y: number) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x: number, y: number) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x: number, y: number) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/**
 * The symbol's first codeword, read from its modules: the format
 * information beside the top-left finder gives the level and mask (7.9),
 * and the first codeword of the first block, the stream's first byte, sits
 * in the bottom-right corner, going up the two right-hand columns, right
 * module first (7.7.3). (Its next byte is in another place when the
 * version has several blocks.)
 */
function firstCodeword(code: Bitmap2D): { level: number; byte: number } {
  const n = code.size;
  // Format bits 0-7 run down column 8 (row 6 is the timing pattern), bits
  // 8-14 along row 8 leftwards (column 6 is timing).
  const at: [number, number][] = [
    [8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 7], [8, 8],
    [7, 8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8],
  ]; // prettier-ignore
  let format = 0;
  at.forEach(([x, y], i) => (format |= Number(code.get(x, y)) << i));
  format ^= 0x5412;
  const mask = masks[(format >> 10) & 7]!;
  let byte = 0;
  for (let i = 0; i < 8; i++) {
    const x = n - 1 - (i % 2);
    const y = n - 1 - Math.floor(i / 2);
    byte = (byte << 1) | Number(code.get(x, y) !== mask(x, y));
  }
  return { level: format >> 13, byte };
}

/** The first bits the data segments write (lean-qr's bit buffer, recorded). */
function firstDataBits(text: string, count: number): string {
  let bits = "";
  const buffer = {
    push(value: number, length: number) {
      bits += value.toString(2).padStart(length, "0");
    },
  };
  individualData(text)(buffer as never, 10);
  return bits.slice(0, count);
}

// ECI mode (0111), then UTF-8's assignment number 26 in one byte.
const eciUTF8 = "0111" + "00011010";

describe("individual QR image", () => {
  run("decodes to the exact text", () => {
    const text = qrText(sampleEmergencyData, new Date("2026-11-21T12:00:00Z"), "Europe/London");
    const [file] = images([text]);
    expect(zbar(file!)).toBe(text);
  });

  run("reads back exactly in zbar and zxing-cpp, with the UTF-8 ECI exactly when not ASCII", () => {
    const files = images(payloads);
    const zx = zxing(payloads.map(symbolFile));
    for (const [i, text] of payloads.entries()) {
      expect(zbar(files[i]!), `zbar, ${JSON.stringify(text)}`).toBe(text);
      expect(zx[i], `zxing-cpp, ${JSON.stringify(text)}`).toBe(text);
      const name = JSON.stringify(text);
      expect(firstDataBits(text, 12) === eciUTF8, `ECI in the data, ${name}`).toBe(needsEci(text));
      const { level, byte } = firstCodeword(individualSymbol(text));
      expect(level, `level H, ${name}`).toBe(2); // H's format bits are 10
      const first = byte.toString(2).padStart(8, "0");
      expect(first === eciUTF8.slice(0, 8), `ECI in the symbol, ${name}: ${first}`).toBe(
        needsEci(text),
      );
    }
    // Both kinds are among the vectors.
    expect(payloads.some(needsEci)).toBe(true);
    expect(payloads.some((p) => !needsEci(p))).toBe(true);
  });
});

describe("needsEci", () => {
  it("is the Go encoder's rule: a byte that is not ASCII", () => {
    expect(needsEci("Ann O'Brien\n+44 7700 900123")).toBe(false);
    expect(needsEci("\x7f")).toBe(false);
    expect(needsEci("Núñez")).toBe(true);
    expect(needsEci("🐝")).toBe(true);
  });
});
