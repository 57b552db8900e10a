"""Does a screenshot show the station's signed-in window?

scripts/station/test.sh photographs the packaged station under Xvfb and
polls this until it says yes. The signed-in shell, and only it, has the
online banner (background #ecfdf5, frontend/src/station/station.css) across
the window; each order in the queue has a Print Labels button in the brand
red (#b91c1c); a blank or half-painted screen has few colours. Exit 0 for yes.
"""
import sys

from PIL import Image

BANNER = (0xEC, 0xFD, 0xF5)
BRAND_RED = (0xB9, 0x1C, 0x1C)
# The banner is the window's width by about 30 px; a third of that is plenty
# to tell it from a stray pixel and little enough to survive the text on it.
MIN_BANNER_PIXELS = 1280 * 30 // 3
# The shell alone shows about 800 brand-red pixels (its name, the mode's
# underline); one order's Print Labels button adds about 3700.
MIN_RED_PIXELS = 3000
# Text, tables and buttons anti-aliased: a painted page has hundreds.
MIN_COLOURS = 50


def check(path):
    image = Image.open(path).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 24) or []
    count = dict((c, n) for n, c in colours)
    return count.get(BANNER, 0), count.get(BRAND_RED, 0), len(colours)


def main(args):
    explain = args[:1] == ["--explain"]
    path = args[-1]
    banner, red, colours = check(path)
    ok = banner >= MIN_BANNER_PIXELS and red >= MIN_RED_PIXELS and colours >= MIN_COLOURS
    if explain:
        print(
            f"{path}: {banner} banner pixels (need {MIN_BANNER_PIXELS}), {red} brand-red "
            f"(need {MIN_RED_PIXELS}), {colours} colours (need {MIN_COLOURS})",
            file=sys.stderr,
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
