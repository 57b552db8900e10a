"""Photographs printed labels as a phone camera would, and decodes them.

Run by TestScanRobustness (scan_test.go) with Debian's python3, numpy, PIL
and zxing-cpp, and zbar's zbarimg. It reads a JSON manifest on standard
input:

  {"seed": 1, "workDir": "...",
   "conditions": [{"name": "6 px/mm", "pxPerMM": 6, "scratch": 0}, ...],
   "labels": [{"file": "label.pgm", "pxPerMM": 23.6, "qr": [x, y, side],
               "payload": "...", "group": "helmet-letter H"}, ...]}

where file is a grey raster of one label (and a little of the sheet around
it) from the real PDF, and qr is the code's square (quiet zone included) in
its pixels. For every label and condition it makes one camera image and
writes on standard output a JSON list of
{"group", "condition", "label", "zxing": bool, "zbar": bool}.

The camera, in this order, each step drawn from a generator seeded by
(seed, label, condition) so every run is the same:
  scratch  a straight band of scraped-off print (white) at a random angle
           through the code's middle third, as wide as makes it cover the
           condition's share of the code's area;
  tilt     a random rotation (up to 12 degrees) and perspective (each corner
           moved up to 5 % of the label's size), as a hand-held phone;
  light    uneven light: a linear gradient from 100 % to 65 % across the
           image in a random direction, and print that is never quite
           black (contrast squeezed to 25..235);
  optics   a slight blur (Gaussian, sigma 0.5 camera pixels) and the
           sensor's sampling: area-averaged down to pxPerMM;
  noise    Gaussian sensor noise, sigma 5 grey levels;
  JPEG     saved at quality 70, as a phone preview frame.
"""

import base64
import io
import json
import math
import multiprocessing
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter

# The working resolution (camera pixels are made from this many times as
# many, so tilt and blur act before sampling).
OVERSAMPLE = 2


def rng_for(seed, label, condition):
    return np.random.default_rng([seed, label, condition])


def scratch(img, qr, share, rng):
    """A white band across the code covering share of its area."""
    if share <= 0:
        return img
    x, y, side = qr
    angle = rng.uniform(0, math.pi)
    cx = x + side * rng.uniform(1 / 3, 2 / 3)
    cy = y + side * rng.uniform(1 / 3, 2 / 3)
    dx, dy = math.cos(angle), math.sin(angle)
    nx, ny = -dy, dx
    far = 2 * side
    clip = Image.new("L", img.size, 0)
    ImageDraw.Draw(clip).rectangle([x, y, x + side, y + side], fill=255)
    clip = np.asarray(clip)

    def band(width):
        pts = [
            (cx - dx * far + nx * width / 2, cy - dy * far + ny * width / 2),
            (cx + dx * far + nx * width / 2, cy + dy * far + ny * width / 2),
            (cx + dx * far - nx * width / 2, cy + dy * far - ny * width / 2),
            (cx - dx * far - nx * width / 2, cy - dy * far - ny * width / 2),
        ]
        b = Image.new("L", img.size, 0)
        ImageDraw.Draw(b).polygon(pts, fill=255)
        # Only inside the code's square: that is what is measured.
        return np.minimum(np.asarray(b), clip)

    # The band's width is found so that it covers share of the square: a
    # slanted band crosses more of it than a straight one.
    width = share * side
    for _ in range(3):
        covered = np.count_nonzero(band(width)) / np.count_nonzero(clip)
        width *= share / max(covered, 1e-6)
    mask = Image.fromarray(band(width))
    out = img.copy()
    out.paste(255, mask=mask)
    return out


def perspective_coeffs(src, dst):
    """Coefficients for PIL's PERSPECTIVE transform mapping dst to src."""
    a = []
    b = []
    for (xs, ys), (xd, yd) in zip(src, dst):
        a.append([xd, yd, 1, 0, 0, 0, -xs * xd, -xs * yd])
        a.append([0, 0, 0, xd, yd, 1, -ys * xd, -ys * yd])
        b.extend([xs, ys])
    return np.linalg.solve(np.array(a, dtype=float), np.array(b, dtype=float)).tolist()


def camera(img, src_ppm, ppm, rng):
    """One camera frame of img (grey, src_ppm pixels a mm) at ppm."""
    work_ppm = ppm * OVERSAMPLE
    scale = work_ppm / src_ppm
    w, h = img.size
    work = img.resize((max(1, round(w * scale)), max(1, round(h * scale))), Image.BOX)
    w, h = work.size
    # White border, so tilted corners stay in the frame.
    pad = round(0.08 * max(w, h))
    framed = Image.new("L", (w + 2 * pad, h + 2 * pad), 255)
    framed.paste(work, (pad, pad))
    W, H = framed.size

    # Tilt and perspective: where the label's corners land in the frame.
    theta = math.radians(rng.uniform(-12, 12))
    c, s = math.cos(theta), math.sin(theta)
    cx, cy = W / 2, H / 2
    corners = [(pad, pad), (pad + w, pad), (pad + w, pad + h), (pad, pad + h)]
    moved = []
    for x, y in corners:
        x += rng.uniform(-0.05, 0.05) * w
        y += rng.uniform(-0.05, 0.05) * h
        rx = cx + (x - cx) * c - (y - cy) * s
        ry = cy + (x - cx) * s + (y - cy) * c
        moved.append((rx, ry))
    coeffs = perspective_coeffs(corners, moved)
    tilted = framed.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR, fillcolor=255)

    # Optics: a slight blur, then the sensor's pixels.
    tilted = tilted.filter(ImageFilter.GaussianBlur(0.5 * OVERSAMPLE))
    frame = tilted.resize((max(1, round(W / OVERSAMPLE)), max(1, round(H / OVERSAMPLE))), Image.BOX)

    # Uneven light and grey print (smooth, so applied on the sensor's
    # pixels), then sensor noise.
    a = np.asarray(frame, dtype=np.float32) / 255.0
    a = 25 + a * (235 - 25)
    fh, fw = a.shape
    angle = rng.uniform(0, 2 * math.pi)
    yy, xx = np.ogrid[0:fh, 0:fw]
    t = ((xx - fw / 2) * math.cos(angle) + (yy - fh / 2) * math.sin(angle)) / max(fw, fh) + 0.5
    a = a * (1.0 - 0.35 * np.clip(t, 0, 1))
    a = a + rng.normal(0, 5, a.shape)
    frame = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))

    # The preview's JPEG.
    buf = io.BytesIO()
    frame.save(buf, "JPEG", quality=70)
    buf.seek(0)
    return Image.open(buf).convert("L")


def code_area(img, label):
    """The code's square and 4 mm around it (within the label): what a
    phone aimed at the code frames; the rest of the label only costs time."""
    x, y, side = label["qr"]
    m = 4 * label["pxPerMM"]
    box = (max(0, round(x - m)), max(0, round(y - m)), min(img.size[0], round(x + side + m)), min(img.size[1], round(y + side + m)))
    return img.crop(box), (x - box[0], y - box[1], side)


def photograph(args):
    """Every condition's frame of one label, each decoded by zxing-cpp."""
    job, li = args
    label = job["labels"][li]
    src, qr = code_area(Image.open(label["file"]).convert("L"), label)
    # Reduced once to the finest working resolution any condition needs.
    ppm = min(label["pxPerMM"], OVERSAMPLE * max(c["pxPerMM"] for c in job["conditions"]))
    k = ppm / label["pxPerMM"]
    src = src.resize((round(src.size[0] * k), round(src.size[1] * k)), Image.BOX)
    qr = tuple(v * k for v in qr)
    tasks = []
    for ci, cond in enumerate(job["conditions"]):
        rng = rng_for(job["seed"], li, ci)
        img = scratch(src, qr, cond["scratch"], rng)
        frame = camera(img, ppm, cond["pxPerMM"], rng)
        path = os.path.join(job["workDir"], f"frame-{li:04d}-{ci:02d}.pgm")
        frame.save(path)
        found = zxingcpp.read_barcodes(frame, formats=zxingcpp.BarcodeFormat.QRCode)
        zx = any(r.text == label["payload"] for r in found)
        tasks.append({"group": label["group"], "condition": cond["name"], "label": li, "path": path,
                      "payload": label["payload"], "zxing": zx, "zbar": False})
    return tasks


def main():
    job = json.load(sys.stdin)
    # Labels are independent and seeded by their index: the result does
    # not depend on how many processes share the work.
    with multiprocessing.Pool(min(2, os.cpu_count() or 1)) as pool:
        tasks = [t for ts in pool.map(photograph, [(job, i) for i in range(len(job["labels"]))]) for t in ts]

    # zbar: one run over every frame. Its XML gives the bytes in base64
    # after a charset guess that garbles non-ASCII text (and so its length)
    # and the characters next to it, so a frame counts when zbar read a
    # symbol of as many lines as the payload, holding every all-ASCII line
    # of it (a QR symbol only decodes when its error correction checks out).
    by_path = {t["path"]: t for t in tasks}
    cmd = ["zbarimg", "--nodbus", "--xml", "-q", "-Sdisable", "-Sqrcode.enable"] + [t["path"] for t in tasks]
    res = subprocess.run(cmd, capture_output=True)
    if res.returncode not in (0, 4):
        sys.exit(f"zbarimg failed ({res.returncode}): {res.stderr.decode(errors='replace')}")
    ns = {"z": "http://zbar.sourceforge.net/2008/barcode"}
    root = ET.fromstring(res.stdout)
    for source in root.findall("z:source", ns):
        t = by_path.get(source.get("href"))
        if t is None:
            continue
        for data in source.findall(".//z:data", ns):
            raw = data.text or ""
            if data.get("format") == "base64":
                raw = base64.b64decode(raw).decode("utf-8", errors="replace")
            want = t["payload"]
            got = raw.split("\n")
            lines = set(got)
            if len(got) == len(want.split("\n")) and all(
                line in lines for line in want.split("\n") if line.isascii()
            ):
                t["zbar"] = True
    for t in tasks:
        del t["path"], t["payload"]
    json.dump(tasks, sys.stdout)


if __name__ == "__main__":
    main()
