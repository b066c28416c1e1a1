#!/usr/bin/env python3
"""make bench-damage: false alarms and finds of the garbled-scan check.

Makes COUNT (default 1000) JPEGs the way cameras, phones and editors write
them: corpus photos and synthetic noise, flat and gradient images, cropped
and resized to 320-4,000 px, at quality 40-100, 4:2:0 or 4:4:4, baseline or
progressive, with and without restart markers, optimised Huffman tables
or the standard ones, some grey. Beside each, a copy with 4 KB of seeded
garbage over the middle of its scan (no 0x00 or 0xFF byte: a marker would
make libjpeg complain, zeros are ZeroFill's). Then DamageBench prints what
`SilentDamage` says of each set (clean: every one it says is a false
alarm) and what libvips' strict decode finds of the rest.

    damage.py [COUNT] [FOLDER]
"""
import os, random, shutil, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def sources(folder):
    photos = []
    for base, _, names in os.walk(os.path.join(ROOT, "Tests/Corpus/photos")):
        if "animated" in base:
            continue
        photos += [os.path.join(base, n) for n in names if n.lower().endswith((".jpg", ".jpeg", ".png", ".tif", ".webp"))]
    synthetic = os.path.join(folder, "synthetic")
    os.makedirs(synthetic, exist_ok=True)
    made = {
        "noise.v": ["gaussnoise", "{out}", "3000", "2000", "--sigma", "50", "--mean", "128"],
        "gradient.v": ["xyz", "{out}", "3000", "2000"],
        "flat.v": ["black", "{out}", "3000", "2000"],
    }
    for name, command in made.items():
        out = os.path.join(synthetic, name)
        subprocess.run(["vips"] + [c.format(out=out) for c in command], check=True)
        photos.append(out)
    return photos


def scan_start(data):
    marker = data.find(b"\xff\xda")
    return marker + 2 + int.from_bytes(data[marker + 2:marker + 4], "big")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    folder = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build/damage-bench"))
    shutil.rmtree(folder, ignore_errors=True)
    for kind in ("clean", "garbled"):
        os.makedirs(os.path.join(folder, kind))
    photos = sources(folder)
    rng = random.Random(20261202)
    for index in range(count):
        source = rng.choice(photos)
        width = rng.randint(320, 4000)
        options = [f"Q={rng.randint(40, 100)}", "strip"]
        options.append("subsample-mode=" + rng.choice(["on", "off", "auto"]))
        if rng.random() < 0.25:
            options.append("interlace")
        if rng.random() < 0.2:
            options.append(f"restart-interval={rng.randint(1, 64)}")
        if rng.random() < 0.5:
            options.append("optimize-coding")
        name = f"{index:04d}.jpg"
        out = os.path.join(folder, "clean", name)
        command = ["vips", "thumbnail", source, f"{out}[{','.join(options)}]", str(width), "--size", "both"]
        if rng.random() < 0.3:
            command += ["--height", str(rng.randint(240, width)), "--crop", "centre"]
        if rng.random() < 0.1:  # grey
            grey = out + ".v"
            subprocess.run(["vips", "thumbnail", source, grey, str(width)], check=True)
            subprocess.run(["vips", "colourspace", grey, f"{out}[{','.join(options)}]", "b-w"], check=True)
            os.remove(grey)
        else:
            subprocess.run(command, check=True)
        with open(out, "rb") as file:
            data = bytearray(file.read())
        start = scan_start(data)
        if len(data) - start < 16384:
            continue  # too small to hold 4 KB of garbage inside its scan
        middle = start + (len(data) - start) // 2
        for offset in range(4096):
            data[middle + offset] = rng.randint(1, 254)
        with open(os.path.join(folder, "garbled", name), "wb") as file:
            file.write(data)
    print(f"{count} JPEGs in {folder}", flush=True)
    environment = dict(os.environ, IMGSITE_DAMAGE_BENCH=folder)
    subprocess.run(["swift", "test", "-Xcc", "-O2", "--filter", "DamageBench"], cwd=ROOT, env=environment, check=True)


if __name__ == "__main__":
    main()
