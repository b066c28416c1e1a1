#!/usr/bin/env python3
"""Writes the test corpus's HDR stills in HDR light itself (Tests/Corpus/hdr/):
10-bit AVIFs whose samples are PQ (SMPTE ST 2084) or HLG (ARIB STD-B67)
signals in BT.2020 primaries, as cameras and Lightroom export HDR AVIF.
Each is a nature photo, its highlights lifted by up to STOPS stops in
linear light exactly as make-ultrahdr.py lifts them, SDR white at 203 nits
(ITU-R BT.2408), encoded as a 10-bit AVIF by libvips' heifsave (libheif and libaom); libvips
8.18 writes no colour box there, so the nclx box that says PQ or HLG is
added here (`with_nclx`), its matrix the one libheif encoded with.

    make .build/libvips-hdr/ready
    .build/libvips-hdr/bin/python scripts/hdr/make-pq-hlg.py Tests/Corpus

The transfer functions are written here from the standards, apart from
imgsite's own (Sources/ImgSitePlanning/HDR/HDRLight.swift), which the tests
check against the linear light this script starts from.
"""
import importlib.util, math, os, struct, sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_ultrahdr", os.path.join(HERE, "make-ultrahdr.py"))
make_ultrahdr = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_ultrahdr)
pyvips = make_ultrahdr.pyvips

# (source photo, output name, width, stops, transfer)
FILES = [
    ("photos/nature/Aqua.jpg", "aqua-pq.avif", 1200, 2.5, "pq"),
    ("photos/nature/Dune.jpg", "dune-hlg.avif", 1400, 2.0, "hlg"),
]
SDR_WHITE = 203.0  # nits
# BT.709 to BT.2020 primaries, linear light (ITU-R BT.2087).
TO_2020 = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]


def pq_signal(nits):
    """SMPTE ST 2084's inverse EOTF: display light (nits) → signal (0-1), on a pyvips image."""
    m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    y = (nits / 10000)
    y = (y > 0).ifthenelse(y, 0) ** m1
    return ((y * c2 + c1) / (y * c3 + 1)) ** m2


def hlg_signal(scene):
    """ARIB STD-B67's OETF: scene light (0-1) → signal (0-1), on a pyvips image."""
    a, b = 0.17883277, 1 - 4 * 0.17883277
    c = 0.5 - a * math.log(4 * a)
    scene = (scene > 0).ifthenelse(scene, 0)
    high = ((scene * 12 - b) > 1e-6).ifthenelse(scene * 12 - b, 1e-6).log() * a + c
    return (scene <= 1 / 12).ifthenelse((scene * 3) ** 0.5, high)


def signal(linear, transfer):
    """Linear light (SDR white 1.0) → the 0-1 signal. HLG's display light is
    made scene light by its inverse OOTF for a 1,000-nit display (gamma 1.2,
    on the luminance, the ratio applied to every channel)."""
    nits = linear * SDR_WHITE
    if transfer == "pq":
        return pq_signal(nits)
    luminance = nits[0] * 0.2627 + nits[1] * 0.6780 + nits[2] * 0.0593  # BT.2020
    display = luminance / 1000
    display = (display > 1e-9).ifthenelse(display, 1e-9)
    scene = nits / 1000 * display ** (1 / 1.2 - 1)
    return hlg_signal(scene)


def make(corpus, source, name, width, stops, transfer):
    base = pyvips.Image.new_from_file(f"{corpus}/{source}").thumbnail_image(width).colourspace("srgb")
    gain = make_ultrahdr.lifted_gain(base, stops).cast("float") / 255 * stops
    linear = base.colourspace("scrgb") * (2 ** gain)  # SDR white 1.0, highlights above
    rgb2020 = linear.recomb(pyvips.Image.new_from_array(TO_2020))
    coded = (signal(rgb2020, transfer) * 65535).round("rint")
    coded = (coded > 65535).ifthenelse(65535, coded).cast("ushort").copy(interpretation="rgb16")
    data = with_nclx(coded.heifsave_buffer(compression="av1", bitdepth=10, Q=80, effort=4), transfer={"pq": 16, "hlg": 18}[transfer])
    out = f"{corpus}/hdr/{name}"
    with open(out, "wb") as file:
        file.write(data)
    print(f"{name}: {len(data)} bytes, {base.width}x{base.height}, {stops} stops, {transfer.upper()}")


def boxes(data, start, end):
    """(type, start, end, header size) of each box from `start` to `end`."""
    found = []
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[start + 8:start + 16])[0], 16
        elif size == 0:
            size = end - start
        found.append((kind.decode("latin1"), start, start + size, header))
        start += size
    return found


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind.encode()) + payload


def with_nclx(data, transfer):
    """The AVIF `data` (one image, meta before mdat) with a `colr` nclx
    property for its primary item: BT.2020 primaries, `transfer`, full
    range, and matrix 6 (BT.601: what libheif encodes RGB with when told
    no other). The mdat moves by the bytes added: iloc's offsets follow."""
    top = boxes(data, 0, len(data))
    meta = next(b for b in top if b[0] == "meta")
    assert all(b[1] > meta[1] for b in top if b[0] == "mdat"), "meta before mdat"
    children = boxes(data, meta[1] + meta[3] + 4, meta[2])
    colr = box("colr", b"nclx" + struct.pack(">HHHB", 9, transfer, 6, 0x80))
    out_children = b""
    added = 0
    for kind, start, end, header in children:
        if kind == "iprp":
            inner = boxes(data, start + header, end)
            ipco = next(b for b in inner if b[0] == "ipco")
            properties = len(boxes(data, ipco[1] + ipco[3], ipco[2]))
            new_ipco = box("ipco", data[ipco[1] + ipco[3]:ipco[2]] + colr)
            ipma = next(b for b in inner if b[0] == "ipma")
            version_flags = data[ipma[1] + 8:ipma[1] + 12]
            version, flags = version_flags[0], int.from_bytes(version_flags[1:], "big")
            assert version == 0 and not flags & 1, "one byte per association"
            count = struct.unpack(">I", data[ipma[1] + 12:ipma[1] + 16])[0]
            assert count == 1, "one item"
            item, n = struct.unpack(">HB", data[ipma[1] + 16:ipma[1] + 19])
            associations = data[ipma[1] + 19:ipma[1] + 19 + n] + bytes([0x80 | (properties + 1)])  # essential
            new_ipma = box("ipma", version_flags + struct.pack(">IHB", 1, item, n + 1) + associations)
            new = box("iprp", new_ipco + new_ipma)
            added += len(new) - (end - start)
            out_children += new
        else:
            out_children += data[start:end]
    new_meta = box("meta", data[meta[1] + 8:meta[1] + 12] + out_children)
    shift = len(new_meta) - (meta[2] - meta[1])
    # iloc (version 0 or 1, 4-byte offsets): each item's data moves by `shift`, through
    # its base offset where it has one, else through each extent's offset.
    new_meta = bytearray(new_meta)
    iloc = next(b for b in boxes(new_meta, 12, len(new_meta)) if b[0] == "iloc")
    at = iloc[1] + 8
    version = new_meta[at]
    sizes, more = new_meta[at + 4], new_meta[at + 5]
    offset_size, length_size, base_size = sizes >> 4, sizes & 15, more >> 4
    assert offset_size in (0, 4) and base_size in (0, 4) and version < 2, "iloc as libheif writes it"
    index_size = more & 15 if version == 1 else 0
    count = struct.unpack(">H", new_meta[at + 6:at + 8])[0]
    at += 8

    def move(position):
        (value,) = struct.unpack(">I", new_meta[position:position + 4])
        new_meta[position:position + 4] = struct.pack(">I", value + shift)

    for _ in range(count):
        at += 2 + (2 if version == 1 else 0) + 2
        if base_size:
            move(at)
        at += base_size
        extents = struct.unpack(">H", new_meta[at:at + 2])[0]
        at += 2
        for _ in range(extents):
            at += index_size
            if not base_size and offset_size:
                move(at)
            at += offset_size + length_size
    before = b"".join(data[b[1]:b[2]] for b in top if b[2] <= meta[1])
    after = b"".join(data[b[1]:b[2]] for b in top if b[1] >= meta[2])
    return before + bytes(new_meta) + after


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else "Tests/Corpus"
    make_ultrahdr.check_libvips()
    for source, name, width, stops, transfer in FILES:
        make(corpus, source, name, width, stops, transfer)


if __name__ == "__main__":
    main()
