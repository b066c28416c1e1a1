#!/usr/bin/env python3
"""Writes a small, valid DNG around a JPEG: the JPEG is its full-size preview
(IFD0, as cameras and Adobe's converter write it) and a 64 x 48 Bayer image
its raw data (a SubIFD). What imgsite reads of a RAW file is the preview and
the metadata, so this is all a test needs; it also carries a GPS directory
and a camera serial number, which must never reach an output.

    make-dng.py photo.jpg out.dng --orientation 6 --date "2024:05:01 14:03:22"

Every value is fixed: the same JPEG makes the same DNG bytes.
"""
import argparse
import struct

ASCII, SHORT, LONG, RATIONAL, BYTE, SRATIONAL = 2, 3, 4, 5, 1, 10


def jpeg_size(data):
    """Width and height from the JPEG's first frame header."""
    offset = 2
    while offset < len(data):
        marker, length = data[offset + 1], struct.unpack(">H", data[offset + 2:offset + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[offset + 5:offset + 9])
            return width, height
        offset += 2 + length
    raise SystemExit("no frame header in the JPEG")


def pack_value(kind, values):
    if kind == ASCII:
        return values.encode() + b"\0", len(values) + 1
    if kind == BYTE:
        return bytes(values), len(values)
    if kind == SHORT:
        return struct.pack("<%dH" % len(values), *values), len(values)
    if kind == LONG:
        return struct.pack("<%dI" % len(values), *values), len(values)
    if kind in (RATIONAL, SRATIONAL):
        flat = [part for pair in values for part in pair]
        return struct.pack(("<%di" if kind == SRATIONAL else "<%dI") % len(flat), *flat), len(values)
    raise ValueError(kind)


def write(jpeg, orientation, date):
    width, height = jpeg_size(jpeg)
    raw_width, raw_height = 64, 48
    raw = bytes(raw_width * raw_height * 2)  # 16-bit black
    # Offsets are filled in a second pass once the layout is known.
    def ifd0(sub_ifd, gps_ifd, exif_ifd, jpeg_offset):
        return [
            (0x00FE, LONG, [1]),  # NewSubfileType: a reduced-resolution image (the preview)
            (0x0100, LONG, [width]), (0x0101, LONG, [height]), (0x0102, SHORT, [8, 8, 8]),
            (0x0103, SHORT, [7]), (0x0106, SHORT, [6]),  # JPEG, YCbCr
            (0x010E, ASCII, "Tide pools at dawn"), (0x010F, ASCII, "Imgsite"), (0x0110, ASCII, "Test DNG"),
            (0x0111, LONG, [jpeg_offset]), (0x0112, SHORT, [orientation]), (0x0115, SHORT, [3]),
            (0x0116, LONG, [height]), (0x0117, LONG, [len(jpeg)]), (0x0132, ASCII, date),
            (0x013B, ASCII, "Test Photographer"), (0x014A, LONG, [sub_ifd]),
            (0x8769, LONG, [exif_ifd]), (0x8825, LONG, [gps_ifd]),
            (0xC612, BYTE, [1, 4, 0, 0]), (0xC613, BYTE, [1, 1, 0, 0]), (0xC614, ASCII, "Imgsite Test DNG"),
            (0xC621, SRATIONAL, [(1, 1), (0, 1), (0, 1), (0, 1), (1, 1), (0, 1), (0, 1), (0, 1), (1, 1)]),
            (0xC628, RATIONAL, [(1, 1), (1, 1), (1, 1)]), (0xC62F, ASCII, "SN-4815162342"),
            (0xC65A, SHORT, [21]),
        ]

    def raw_ifd(raw_offset):
        return [
            (0x00FE, LONG, [0]), (0x0100, LONG, [raw_width]), (0x0101, LONG, [raw_height]), (0x0102, SHORT, [16]),
            (0x0103, SHORT, [1]), (0x0106, SHORT, [32803]), (0x0111, LONG, [raw_offset]), (0x0115, SHORT, [1]),
            (0x0116, LONG, [raw_height]), (0x0117, LONG, [len(raw)]), (0x828D, SHORT, [2, 2]), (0x828E, BYTE, [0, 1, 1, 2]),
            (0xC61D, LONG, [65535]),
        ]

    def exif_ifd():
        return [(0x829A, RATIONAL, [(1, 250)]), (0x829D, RATIONAL, [(56, 10)]), (0x8827, SHORT, [200]),
                (0x9003, ASCII, date), (0x920A, RATIONAL, [(350, 10)]), (0xA431, ASCII, "BODY-0042")]

    def gps_ifd():
        return [(0x0000, BYTE, [2, 3, 0, 0]), (0x0001, ASCII, "N"), (0x0002, RATIONAL, [(51, 1), (30, 1), (0, 1)]),
                (0x0003, ASCII, "W"), (0x0004, RATIONAL, [(0, 1), (7, 1), (0, 1)])]

    def layout(directories, start):
        """Bytes of each directory with its out-of-line values, laid out from `start`."""
        out, offsets, position = [], [], start
        for entries in directories:
            offsets.append(position)
            entries = sorted(entries, key=lambda entry: entry[0])
            size = 2 + 12 * len(entries) + 4
            values_at = position + size
            head, tail = struct.pack("<H", len(entries)), b""
            for tag, kind, values in entries:
                data, count = pack_value(kind, values)
                if len(data) <= 4:
                    head += struct.pack("<HHI", tag, kind, count) + data.ljust(4, b"\0")
                else:
                    head += struct.pack("<HHI", tag, kind, count) + struct.pack("<I", values_at + len(tail))
                    tail += data + (b"\0" if len(data) % 2 else b"")
            head += struct.pack("<I", 0)
            out.append(head + tail)
            position += len(head) + len(tail)
        return out, offsets, position

    # Two passes: the first finds where everything lands, the second writes it.
    guess = [0, 0, 0, 0, 0, 0]
    for _ in range(2):
        sub, gps, exif, jpeg_at, raw_at = guess[0], guess[1], guess[2], guess[3], guess[4]
        blocks, offsets, end = layout([ifd0(sub, gps, exif, jpeg_at), raw_ifd(raw_at), exif_ifd(), gps_ifd()], 8)
        jpeg_at = end + (end % 2)
        raw_at = jpeg_at + len(jpeg) + (len(jpeg) % 2)
        guess = [offsets[1], offsets[3], offsets[2], jpeg_at, raw_at, 0]
    blocks, offsets, end = layout([ifd0(guess[0], guess[1], guess[2], guess[3]), raw_ifd(guess[4]), exif_ifd(), gps_ifd()], 8)
    body = b"II*\0" + struct.pack("<I", 8) + b"".join(blocks)
    body += b"\0" * (guess[3] - len(body)) + jpeg
    body += b"\0" * (guess[4] - len(body)) + raw
    return body


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("jpeg")
    parser.add_argument("dng")
    parser.add_argument("--orientation", type=int, default=1)
    parser.add_argument("--date", default="2024:05:01 14:03:22")
    arguments = parser.parse_args()
    with open(arguments.jpeg, "rb") as file:
        jpeg = file.read()
    with open(arguments.dng, "wb") as file:
        file.write(write(jpeg, arguments.orientation, arguments.date))


if __name__ == "__main__":
    main()
