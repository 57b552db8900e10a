"""Decodes each image file named on standard input (one a line) with
zxing-cpp and writes, one a line, the payload's bytes as hex ("" when no QR
code was read). Run by the batch proofs (batch_test.go) with Debian's
python3 and python3-zxing-cpp."""

import sys

import zxingcpp
from PIL import Image

for name in sys.stdin.read().splitlines():
    found = zxingcpp.read_barcodes(Image.open(name), formats=zxingcpp.BarcodeFormat.QRCode)
    print(found[0].bytes.hex() if found else "")
