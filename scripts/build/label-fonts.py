#!/usr/bin/python3
"""Web fonts of the label preview, cut from Debian's Noto fonts.

The PDF's label engine draws names with the Noto families (Debian
fonts-noto-core and fonts-noto-cjk); the website's and the station's label
preview must draw them with the same faces. This writes, reproducibly:

- frontend/public/fonts/label/*.woff2: each face, regular and bold, cut into
  pieces by Unicode range (a whole script for the shaped scripts, so a
  cluster never straddles two files; contiguous blocks of code points for
  Hangul, 1,024 a piece, and the Han ideographs, 128 a piece, about 40 kB);
- frontend/src/components/label/fonts.css: one @font-face per piece, all
  under the one family "Lifetag Label" with its piece's unicode-range, so a
  browser fetches a piece only when a name on the screen needs one of its
  characters.

Every code point belongs to one face (the order of FACES is the order of
fallback), except the combining marks, which every Latin, Greek and Cyrillic
piece carries so a base letter and its marks come from one file.

Run by scripts/setup.sh when this file is newer than the fonts it wrote (the
woff2 files are not committed: they are made from the Debian packages; the
CSS is committed, and a run that changes it shows in git). Needs Debian's
python3-fonttools and python3-brotli, hence /usr/bin/python3.
"""

import io
import multiprocessing
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# scripts/setup.sh cuts into its cache and copies from there.
OUT = os.environ.get("LABEL_FONTS_OUT") or os.path.join(ROOT, "frontend/public/fonts/label")
CSS = os.path.join(ROOT, "frontend/src/components/label/fonts.css")
URL = "/fonts/label/"
FAMILY = "Lifetag Label"

CORE = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/"
# Code points cut from a large source font at a time (see batches).
BATCH = 2048
# Face indexes inside Debian's NotoSansCJK-*.ttc.
CJK_JP, CJK_KR, CJK_SC = 0, 1, 2

MARKS = [(0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F)]
# The shapers draw U+25CC under a mark that has no base: each shaped
# script's file keeps it (outside its unicode-range).
DOTTED_CIRCLE = 0x25CC


def core(name):
    return {400: (CORE + f"NotoSans{name}-Regular.ttf", 0), 700: (CORE + f"NotoSans{name}-Bold.ttf", 0)}


def cjk(index):
    return {400: (CJK + "NotoSansCJK-Regular.ttc", index), 700: (CJK + "NotoSansCJK-Bold.ttc", index)}


# (piece name, files by weight, ranges, code points per piece or None for one
# piece, whether the marks ride along). Ranges follow the Unicode blocks.
FACES = [
    ("latin", core(""), [(0x0000, 0x00FF), (0x0131, 0x0131), (0x0152, 0x0153), (0x02B0, 0x02FF),
                         (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x214F), (0x2190, 0x21FF),
                         (0x2212, 0x2215), (0xFEFF, 0xFEFF), (0xFFFD, 0xFFFD)], None, True),
    # Latin Extended with Vietnamese (Latin Extended Additional).
    ("latin-ext", core(""), [(0x0100, 0x024F), (0x0250, 0x02AF), (0x1E00, 0x1EFF),
                             (0x2C60, 0x2C7F), (0xA720, 0xA7FF), (0xAB30, 0xAB6F)], None, True),
    ("greek", core(""), [(0x0370, 0x03FF), (0x1F00, 0x1FFF)], None, True),
    ("cyrillic", core(""), [(0x0400, 0x052F), (0x1C80, 0x1C8F), (0x2DE0, 0x2DFF), (0xA640, 0xA69F)], None, True),
    ("arabic", core("Arabic"), [(0x0600, 0x06FF), (0x0750, 0x077F), (0x0870, 0x08FF),
                                (0xFB50, 0xFDFF), (0xFE70, 0xFEFC)], None, False),
    ("hebrew", core("Hebrew"), [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)], None, False),
    ("devanagari", core("Devanagari"), [(0x0900, 0x097F), (0x1CD0, 0x1CFF), (0xA8E0, 0xA8FF)], None, False),
    ("bengali", core("Bengali"), [(0x0980, 0x09FF)], None, False),
    ("gurmukhi", core("Gurmukhi"), [(0x0A00, 0x0A7F)], None, False),
    ("tamil", core("Tamil"), [(0x0B80, 0x0BFF)], None, False),
    ("thai", core("Thai"), [(0x0E00, 0x0E7F)], None, False),
    # Kana from the Japanese face, Hangul from the Korean one; the Han
    # ideographs (CJK Unified Ideographs and the compatibility ones; not the
    # rare extensions, to keep the pieces few) and
    # CJK punctuation and full-width forms from the Simplified Chinese one.
    ("jp", cjk(CJK_JP), [(0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF65, 0xFF9F)], None, False),
    ("kr-jamo", cjk(CJK_KR), [(0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xD7B0, 0xD7FF)], None, False),
    ("kr", cjk(CJK_KR), [(0xAC00, 0xD7A3)], 1024, False),
    ("sc-punct", cjk(CJK_SC), [(0x3000, 0x303F), (0xFF00, 0xFF64), (0xFFA0, 0xFFEF)], None, False),
    ("sc", cjk(CJK_SC), [(0x4E00, 0x9FFF), (0xF900, 0xFAFF)], 128, False),
]


def expand(ranges):
    return [cp for lo, hi in ranges for cp in range(lo, hi + 1)]


def compress(cps):
    """Sorted code points as unicode-range values (U+41-5A, U+20)."""
    out, cps = [], sorted(cps)
    i = 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        out.append(f"U+{cps[i]:X}" if i == j else f"U+{cps[i]:X}-{cps[j]:X}")
        i = j + 1
    return out


def pieces():
    """Every file to write: (file name, weight, code points in its range, code points in its file)."""
    taken = set()
    result = []
    for name, files, ranges, size, marks in FACES:
        path, index = files[400]
        cmap = set(TTFont(path, fontNumber=index, lazy=True).getBestCmap())
        own = sorted(cp for cp in expand(ranges) if cp in cmap and cp not in taken)
        taken.update(own)
        ride = sorted(cp for cp in expand(MARKS) if cp in cmap) if marks else []
        groups = [own]
        if size is not None:
            # Cut within each range, so a piece's block never spans a gap
            # that holds another face's code points.
            runs = [[cp for cp in own if lo <= cp <= hi] for lo, hi in ranges]
            groups = [run[i:i + size] for run in runs for i in range(0, len(run), size)]
        for n, group in enumerate(groups):
            piece = name if size is None else f"{name}-{n:03d}"
            # The range a piece answers for: its own code points, as one
            # contiguous block for the cut faces (short rules).
            claimed = group if size is None else list(range(group[0], group[-1] + 1))
            claimed = sorted(set(claimed) | set(ride))
            in_file = sorted(set(group) | set(ride) | ({DOTTED_CIRCLE} & cmap if not marks else set()))
            for weight, (wpath, windex) in sorted(files.items()):
                result.append((f"noto-{piece}-{weight}.woff2", weight, (wpath, windex), claimed, in_file))
    return result


def batches(jobs):
    """The files grouped by source font, BATCH code points at a time: each
    batch is first cut from the (large) source once, then each file from
    that cut, which is much faster than cutting every file from the source."""
    out, current, count = [], [], 0
    for job in sorted(jobs, key=lambda job: job[2]):
        if current and (current[0][2] != job[2] or count + len(job[4]) > BATCH):
            out.append(current)
            current, count = [], 0
        current.append(job)
        count += len(job[4])
    if current:
        out.append(current)
    return out


def cut_font(font, unicodes):
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    return font


def write_batch(batch):
    path, index = batch[0][2]
    source = io.BytesIO()
    font = TTFont(path, fontNumber=index, recalcTimestamp=False)
    cut_font(font, sorted({cp for job in batch for cp in job[4]})).save(source)
    sizes = []
    for file, _, _, _, in_file in batch:
        source.seek(0)
        font = cut_font(TTFont(source, recalcTimestamp=False), in_file)
        font.flavor = "woff2"
        buf = io.BytesIO()
        font.save(buf, reorderTables=False)
        with open(os.path.join(OUT, file), "wb") as f:
            f.write(buf.getvalue())
        sizes.append((file, len(buf.getvalue())))
    return sizes


def css(jobs):
    lines = [
        "/* Generated by scripts/build/label-fonts.py from Debian's Noto fonts (SIL Open Font",
        "   License 1.1, /fonts/OFL.txt): do not edit. The label preview's family; a",
        "   browser fetches a piece only when text on the screen needs its range. */",
    ]
    for file, weight, _, claimed, _ in jobs:
        lines += [
            "@font-face {",
            f'  font-family: "{FAMILY}";',
            "  font-style: normal;",
            f"  font-weight: {weight};",
            "  font-display: swap;",
            f'  src: url("{URL}{file}") format("woff2");',
            f"  unicode-range: {', '.join(compress(claimed))};",
            "}",
        ]
    return "\n".join(lines) + "\n"


def main():
    os.makedirs(OUT, exist_ok=True)
    jobs = pieces()
    for old in os.listdir(OUT):
        if old.endswith(".woff2") and old not in {j[0] for j in jobs}:
            os.remove(os.path.join(OUT, old))
    with multiprocessing.Pool(min(2, os.cpu_count() or 1)) as pool:
        sizes = dict(pair for batch in pool.map(write_batch, batches(jobs), chunksize=1) for pair in batch)
    with open(CSS, "w") as f:
        f.write(css(jobs))
    total = sum(sizes.values())
    print(f"label-fonts: {len(sizes)} files, {total / 1e6:.2f} MB, in {OUT}")
    if "-v" in sys.argv:
        for file in sorted(sizes):
            print(f"{sizes[file] / 1e3:9.1f} kB  {file}")


if __name__ == "__main__":
    main()
