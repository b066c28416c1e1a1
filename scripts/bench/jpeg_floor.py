#!/usr/bin/env python3
"""make bench-peers, last part: the physical floor of the peers' work,
measured with libjpeg-turbo alone (djpeg, cjpeg from libjpeg-turbo-progs).

For each of the 32 photos: decode with the DCT scaling imgsite picks for its
largest width (800 px), and encode an 800 px and a 280 px image at quality
85 with optimised Huffman tables (progressive at 800 px, through the scans
imgsite writes: SCANS, as CVipsShim/jpeg.c).
Each step is timed as the best of 5 runs of the tool over a file, less the
tool's start-up (a run on a 1 × 1 image), so what remains is libjpeg-turbo's
own work. Prints decode and encode speed in megapixels per second and the
total: the CPU no tool doing this work with libjpeg-turbo can go below
(resizing, colour and file handling come on top).

usage: jpeg_floor.py FOLDER...
"""
import os
import subprocess
import sys
import tempfile
import time

WIDE, THUMB, QUALITY = 800, 280, 85
# imgsite's progressive scans (CVipsShim/jpeg.c), in cjpeg's -scans syntax.
SCANS = "0,1,2: 0 0 0 0; 0: 1 2 0 0; 2: 1 63 0 0; 1: 1 63 0 0; 0: 3 9 0 1; 0: 10 63 0 1; 0: 3 63 1 0;"


def best(command, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def size(path):
    out = subprocess.check_output(["vipsheader", "-f", "width", path]), subprocess.check_output(["vipsheader", "-f", "height", path])
    return int(out[0]), int(out[1])


def main():
    work = tempfile.mkdtemp(prefix="jpeg-floor-")
    tiny = os.path.join(work, "tiny.ppm")
    subprocess.run(["vips", "black", tiny, "1", "1", "--bands", "3"], check=True)
    tiny_jpeg = os.path.join(work, "tiny.jpg")
    subprocess.run(["vips", "copy", tiny, tiny_jpeg], check=True)
    startup_d = best(["djpeg", "-outfile", os.devnull, tiny_jpeg])
    startup_c = best(["cjpeg", "-outfile", os.devnull, tiny])
    scans = os.path.join(work, "scans.txt")
    with open(scans, "w") as f:
        f.write(SCANS)
    decode_s = decode_mp = encode_s = encode_mp = 0.0
    files = sorted(os.path.join(d, f) for folder in sys.argv[1:] for d, _, fs in os.walk(folder)
                   for f in fs if f.lower().endswith((".jpg", ".jpeg")))
    for path in files:
        width, height = size(path)
        upright = max(width, height) if width < height else width  # the photos are landscape once upright
        scale = next((k for k in (8, 4, 2) if -(-upright // k) >= WIDE), 1)
        decode_s += max(0.0, best(["djpeg", "-scale", f"1/{scale}", "-outfile", os.devnull, path]) - startup_d)
        decode_mp += width * height / 1e6
        for target, progressive in ((WIDE, True), (THUMB, False)):
            if target >= upright:
                continue
            ppm = os.path.join(work, f"{target}.ppm")
            subprocess.run(["vips", "thumbnail", path, ppm, str(target)], check=True)
            w, h = size(ppm)
            command = ["cjpeg", "-quality", str(QUALITY), "-optimize", "-outfile", os.devnull]
            command += ["-scans", scans] if progressive else []
            encode_s += max(0.0, best(command + [ppm]) - startup_c)
            encode_mp += w * h / 1e6
    print(f"libjpeg-turbo alone on {len(files)} photos ({decode_mp:.0f} source MP):")
    print(f"  decode with DCT scaling: {decode_s:.2f} s CPU, {decode_mp / decode_s:.0f} source MP/s")
    print(f"  encode 800 + 280 px at Q{QUALITY}: {encode_s:.2f} s CPU, {encode_mp / encode_s:.0f} MP/s")
    print(f"  floor: {decode_s + encode_s:.2f} s of CPU, {(decode_s + encode_s) / os.cpu_count():.2f} s wall on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
