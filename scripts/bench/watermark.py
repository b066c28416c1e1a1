#!/usr/bin/env python3
"""make bench-watermark: what a watermark costs a build of camera-size photos.

Builds COUNT (default 60) of make bench-budget's 24 MP mosaics four ways,
each with a fresh output folder and cache: no watermark, a text watermark
(Pango), a logo (an 800 x 200 PNG with transparency), and no watermark
again (the spread between the two plain runs is the noise). Prints each
build's CPU (user + system), wall time and peak RSS.

    watermark.py IMGSITE [COUNT]
"""
import os, shutil, struct, subprocess, sys, time, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import site_budget  # noqa: E402  (the mosaics, made once into .build/bench)


def png(path, width, height):
    """A white, 80 % opaque RGBA block: a logo whose every pixel is composited."""
    rows = b"".join(b"\x00" + bytes([255, 255, 255, 204] * width) for _ in range(height))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    imgsite = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    photos = site_budget.mosaics(count)
    work = os.path.join(site_budget.WORK, "watermark")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    logo = os.path.join(work, "logo.png")
    png(logo, 800, 200)
    print(f"{count} photos of 6000 x 4000, {os.cpu_count()} cores\n\n| watermark | CPU | wall | peak RSS |\n|---|---|---|---|")
    for name, settings in [("none", ""), ("text", 'watermark: { text: "© 2026 Example Photography" }\n'),
                           ("logo", f"watermark: {{ image: {logo} }}\n"), ("none, again", "")]:
        folder = os.path.join(work, name.replace(", ", "-"))
        os.makedirs(folder)
        config = os.path.join(folder, "imgsite.yml")
        with open(config, "w") as file:
            file.write(settings)
        start = time.monotonic()
        child = subprocess.Popen([imgsite, "build", photos, "-o", os.path.join(folder, "site"), "--config", config,
                                  "--cache-dir", os.path.join(folder, "cache")], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        if status != 0:
            sys.exit(f"the {name} build failed: {child.stderr.read().decode()[-2000:]}")
        print(f"| {name} | {usage.ru_utime + usage.ru_stime:.1f} s | {time.monotonic() - start:.1f} s | {usage.ru_maxrss / 1024:.0f} MiB |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
