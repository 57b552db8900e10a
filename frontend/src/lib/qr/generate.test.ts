// @vitest-environment node
// The QR image decodes back to exactly the formatter's text (emoji, line
// breaks and all), checked with a real decoder, zbarimg from zbar-tools.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { qrText } from "@/lib/emergency/qrText";
import { qrDataUrl } from "./generate";
import { sampleEmergencyData } from "./sample";

const zbarimg = "/usr/bin/zbarimg";
// `make test` sets LIFETAG_STRICT: there a missing decoder is a failure, not a skip.
const run = existsSync(zbarimg) || process.env.LIFETAG_STRICT ? it : it.skip;

function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("individual QR image", () => {
  run("is a 300 px PNG that decodes to the exact text", async () => {
    const text = qrText(sampleEmergencyData, new Date("2026-11-21T12:00:00Z"), "Europe/London");
    const url = await qrDataUrl(text);
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
    const png = Buffer.from(url.slice("data:image/png;base64,".length), "base64");
    expect(pngSize(png)).toEqual({ width: 300, height: 300 });
    const dir = mkdtempSync(join(tmpdir(), "lifetag-qr-"));
    try {
      writeFileSync(join(dir, "qr.png"), png);
      const decoded = execFileSync(
        zbarimg,
        ["--nodbus", "--raw", "-q", "-Sbinary", join(dir, "qr.png")],
        {
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      // zbarimg ends its output with a newline of its own.
      expect(decoded.toString("utf8").replace(/\n$/, "")).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
