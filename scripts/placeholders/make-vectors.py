#!/usr/bin/env python3
"""Makes the ThumbHash and BlurHash conformance vectors of imgsite's tests,
once, with the reference packages: thumbhash-python 1.0.1 (a port of Evan
Wallace's JS original) and blurhash-python 1.2.2 (CFFI around Wolt's C
original). Run in a venv:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install thumbhash-python==1.0.1 blurhash-python==1.2.2 pillow
    /tmp/venv/bin/python scripts/placeholders/make-vectors.py > Tests/Fixtures/placeholders/vectors.json

The inputs are small RGBA images: synthetic ones (flat, gradients, a
checkerboard, transparent and half-transparent shapes, odd sizes that make
ThumbHash's component counts tie at .5) and corpus photos reduced with
Pillow; their pixels are stored in the file, so the Swift tests read exactly
what the references read.

Python's round() rounds half to even; the JS original uses Math.round
(half up). thumbhash-python calls round() where JS calls Math.round, so its
modules are given JS rounding here before anything is computed: the vectors
are those of the JS original. (BlurHash rounds in C, unaffected.)
"""
import base64, json, math, os, sys

import blurhash
import thumbhash.decode, thumbhash.encode, thumbhash.hash
from PIL import Image


def js_round(value, digits=None):
    assert digits is None
    return math.floor(value + 0.5)


for module in (thumbhash.encode, thumbhash.hash, thumbhash.decode):
    module.round = js_round

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "Tests", "Corpus", "photos")


def synthetic():
    def image(name, w, h, pixel):
        data = bytearray()
        for y in range(h):
            for x in range(w):
                data += bytes(pixel(x, y))
        yield name, w, h, bytes(data)

    yield from image("flat-grey-8x8", 8, 8, lambda x, y: (128, 128, 128, 255))
    yield from image("gradient-32x24", 32, 24, lambda x, y: (x * 8, y * 10, 255 - x * 4, 255))
    yield from image("checker-20x20", 20, 20, lambda x, y: (255, 255, 255, 255) if (x // 4 + y // 4) % 2 else (0, 40, 90, 255))
    yield from image("tall-7x30", 7, 30, lambda x, y: (200, (y * 37) % 256, 30, 255))
    yield from image("wide-100x3", 100, 3, lambda x, y: ((x * 5) % 256, 100, 200 - y * 50, 255))
    yield from image("square-5x5", 5, 5, lambda x, y: (x * 60, y * 60, 100, 255))
    yield from image("alpha-disc-24x24", 24, 24,
                     lambda x, y: (220, 80, 40, 255 if (x - 11.5) ** 2 + (y - 11.5) ** 2 < 80 else 0))
    yield from image("alpha-ramp-16x12", 16, 12, lambda x, y: (30, 160, 90, x * 17))
    yield from image("one-pixel", 1, 1, lambda x, y: (10, 200, 30, 255))


def corpus():
    for relative in ["nature/Storm.jpg", "nature/LadyBird.jpg", "orientation/Landscape_6.jpg", "formats/transparent.png"]:
        with Image.open(os.path.join(CORPUS, relative)) as source:
            picture = source.convert("RGBA")
            picture.thumbnail((32, 32), Image.Resampling.BOX)
            yield "corpus-" + relative.replace("/", "-"), picture.width, picture.height, picture.tobytes()


def vector(name, w, h, rgba):
    entry = {"name": name, "width": w, "height": h, "rgba": base64.b64encode(rgba).decode()}
    entry["thumbhash"] = base64.b64encode(thumbhash.encode.rgba_to_thumbhash(w, h, list(rgba))).decode()
    dw, dh, decoded = thumbhash.decode.thumbhash_to_rgba(base64.b64decode(entry["thumbhash"]))
    entry["thumbhashDecoded"] = {"width": dw, "height": dh, "rgba": base64.b64encode(bytes(decoded)).decode()}
    rgb = Image.frombytes("RGBA", (w, h), rgba).convert("RGB")
    entry["blurhash"] = {f"{x}x{y}": blurhash.encode(rgb.copy(), x, y) for x, y in [(4, 3), (3, 4), (1, 1), (9, 9), (5, 2)]}
    decoded = blurhash.decode(entry["blurhash"]["4x3"], 20, 15)
    entry["blurhashDecoded"] = base64.b64encode(decoded.tobytes()).decode()  # 20 x 15 RGB, punch 1
    return entry


vectors = [vector(*image) for image in list(synthetic()) + list(corpus())]
json.dump({"generator": "scripts/placeholders/make-vectors.py (thumbhash-python 1.0.1 with JS rounding, blurhash-python 1.2.2)",
           "vectors": vectors}, sys.stdout, indent=1)
sys.stdout.write("\n")
