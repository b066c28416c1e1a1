#!/usr/bin/env python3
"""Writes the test corpus's Ultra HDR JPEGs (Tests/Corpus/hdr/) from its
nature photos: each photo is the SDR base, and its highlights are lifted in
linear light by up to STOPS stops into the HDR rendition, whose gain map
(log2 of HDR over SDR, scaled to 0-255) is saved beside the base by libvips
8.18's uhdrsave (libultrahdr: ISO 21496-1 metadata in an MPF secondary
image). The base keeps a copy of a camera's EXIF with its GPS position and
serial number, which imgsite must never publish.

    make-ultrahdr.py CORPUS_FOLDER

It needs pyvips on a libvips with libultrahdr: PyPI's pyvips-binary 8.18.7,
which `make .build/libvips-hdr/ready` installs with pyvips in a venv:

    make .build/libvips-hdr/ready
    .build/libvips-hdr/bin/python scripts/hdr/make-ultrahdr.py Tests/Corpus

Every value is fixed: the same photos and libvips make the same files.
"""
import sys
import pyvips

# (source photo, output name, width, stops of headroom, gain map scale, EXIF orientation it is stored under)
FILES = [
    ("photos/nature/Aqua.jpg", "aqua-ultrahdr.jpg", 1600, 2.5, 4, 1),
    ("photos/nature/Dune.jpg", "dune-ultrahdr.jpg", 1400, 2.0, 2, 1),
    ("photos/nature/YellowFlower.jpg", "flower-turned-ultrahdr.jpg", 1200, 3.0, 4, 6),
]
# A camera's EXIF with a GPS position and a serial number (DSCN0010 carries both).
EXIF_FROM = "photos/cameras/DSCN0010.jpg"
QUALITY = 88


def lifted_gain(base, stops):
    """The gain map of a lift of up to `stops` stops over the brightest
    third: 0 (no lift) below luminance 0.35 in linear light, rising
    smoothly to 255 (`stops`) at white."""
    linear = base.colourspace("scrgb")
    luminance = linear[0] * 0.2126 + linear[1] * 0.7152 + linear[2] * 0.0722
    t = ((luminance - 0.35) / 0.65)
    t = (t > 0).ifthenelse(t, 0)
    t = (t < 1).ifthenelse(t, 1)
    return (t * t * 255).cast("uchar").copy(interpretation="b-w")


def ultrahdr(base, stops, scale, quality, exif=None, orientation=1):
    """`base` (sRGB) as an Ultra HDR JPEG whose highlights are lifted by up
    to `stops` stops, the gain map `scale` times smaller, stored turned
    for EXIF `orientation` (1 or 6), with `exif` (bytes) if given."""
    gain = lifted_gain(base, stops)
    gain = gain.resize(1 / scale, kernel="linear")
    # Stored as a camera held sideways stores it: pixels turned so that
    # orientation 6 (turn 90° clockwise to show) makes them upright.
    if orientation == 6:
        base, gain = base.rot270(), gain.rot270()
    base = base.copy()
    for field in base.get_fields():
        if field not in ("width", "height", "bands", "format", "coding", "interpretation",
                         "xoffset", "yoffset", "xres", "yres", "filename"):
            base.remove(field)
    if exif:
        base.set_type(pyvips.GValue.blob_type, "exif-data", exif)
    base.set_type(pyvips.GValue.gint_type, "orientation", orientation)
    boost = 2.0 ** stops
    base.set_type(pyvips.GValue.image_type, "gainmap", gain)
    for field, value in [("gainmap-max-content-boost", [boost] * 3), ("gainmap-min-content-boost", [1.0] * 3),
                         ("gainmap-gamma", [1.0] * 3), ("gainmap-offset-sdr", [1 / 64] * 3),
                         ("gainmap-offset-hdr", [1 / 64] * 3)]:
        base.set_type(pyvips.GValue.array_double_type, field, value)
    base.set_type(pyvips.GValue.gdouble_type, "gainmap-hdr-capacity-min", 1.0)
    base.set_type(pyvips.GValue.gdouble_type, "gainmap-hdr-capacity-max", boost)
    base.set_type(pyvips.GValue.gint_type, "gainmap-use-base-cg", 1)
    return base.uhdrsave_buffer(Q=quality), gain


def make(corpus, source, name, width, stops, scale, orientation, exif):
    base = pyvips.Image.new_from_file(f"{corpus}/{source}").thumbnail_image(width).colourspace("srgb")
    data, gain = ultrahdr(base, stops, scale, QUALITY, exif, orientation)
    with open(f"{corpus}/hdr/{name}", "wb") as out:
        out.write(data)
    print(f"{name}: {len(data)} bytes, {gain.width if orientation == 1 else gain.height}x"
          f"{gain.height if orientation == 1 else gain.width} gain map, {stops} stops, orientation {orientation}")


def check_libvips():
    if pyvips.version(0) * 100 + pyvips.version(1) < 818 or not pyvips.type_find("VipsOperation", "uhdrsave"):
        sys.exit(f"needs libvips 8.18 with libultrahdr; this pyvips has {pyvips.version(0)}.{pyvips.version(1)}")


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else "Tests/Corpus"
    check_libvips()
    exif = pyvips.Image.new_from_file(f"{corpus}/{EXIF_FROM}").get("exif-data")
    for source, name, width, stops, scale, orientation in FILES:
        make(corpus, source, name, width, stops, scale, orientation, exif)


if __name__ == "__main__":
    main()
