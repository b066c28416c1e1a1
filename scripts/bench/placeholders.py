#!/usr/bin/env python3
"""make bench, part 4: every placeholder kind on every corpus photo.

Reads what Tests/ImgSiteCoreTests/Bench/PlaceholderBench.swift measured
(each kind's CSS, value and compute time; a 32 px reference of each photo),
paints every placeholder in headless Chromium (Debian's chromium and
chromedriver, JavaScript unused) in a 320 px box, and scores how like the
photo it looks: the screenshot of the box, box-averaged to the reference's
32 px, against the reference, as the mean CIE76 colour difference (ΔE) in
Lab. ΔE 2 is barely visible; 10 is a clear shift.

Bytes are what one image's placeholder adds to the HTML: its CSS, its
data- attribute, and for a transparent image the attribute that clears it.

usage: placeholders.py FOLDER   (the folder the Swift bench wrote)
"""
import json
import statistics
import sys
from pathlib import Path

import numpy as np
from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

BOX = 320
ONLOAD = ' onload="this.style.background=\'none\'"'
KINDS = ["thumbhash", "blurhash", "grid", "lqip", "color", "css"]


def lab(rgb):
    """sRGB bytes (…, 3) → CIELAB (D65)."""
    c = rgb.astype(np.float64) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def page(entries, folder):
    boxes = []
    for i, entry in enumerate(entries):
        height = round(BOX * entry["height"] / entry["width"])
        for kind in KINDS:
            css = entry["kinds"][kind]["css"].replace('"', "&quot;")
            boxes.append(f'<div id="b{i}-{kind}" style="width:{BOX}px;height:{height}px;{css}"></div>')
    html = "<!doctype html><body style='margin:0;background:#fff;display:flex;flex-wrap:wrap;gap:4px'>" + "".join(boxes)
    path = folder / "placeholders.html"
    path.write_text(html)
    return path


def main():
    folder = Path(sys.argv[1]).resolve()
    entries = json.loads((folder / "placeholders.json").read_text())
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--force-device-scale-factor=1"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    scores = {kind: [] for kind in KINDS}
    try:
        driver.set_window_size(1400, 1000)
        driver.get(page(entries, folder).as_uri())
        for i, entry in enumerate(entries):
            reference = np.asarray(Image.open(folder / entry["reference"]).convert("RGB"))
            for kind in KINDS:
                shot = folder / f"shot-{i}-{kind}.png"
                driver.find_element("id", f"b{i}-{kind}").screenshot(str(shot))
                painted = Image.open(shot).convert("RGB").resize(
                    (reference.shape[1], reference.shape[0]), Image.Resampling.BOX)
                delta = np.linalg.norm(lab(np.asarray(painted)) - lab(reference), axis=-1)
                scores[kind].append(float(delta.mean()))
                shot.unlink()
    finally:
        driver.quit()

    print(f"{len(entries)} photos of Tests/Corpus/photos; painted {BOX} px wide in Chromium, scored at 32 px")
    print()
    print("| kind | bytes in HTML, median (max) | within 400 B | time to compute, median | ΔE to the photo, median (p90) |")
    print("|---|---|---|---|---|")
    for kind in KINDS:
        sizes = []
        for entry in entries:
            measured = entry["kinds"][kind]
            sizes.append(len(measured["css"]) + len(measured.get("dataAttribute") or "") + (len(ONLOAD) if entry["hasAlpha"] else 0))
        times = [entry["kinds"][kind]["microseconds"] for entry in entries]
        within = sum(size <= 400 for size in sizes)
        deltas = sorted(scores[kind])
        p90 = deltas[int(0.9 * (len(deltas) - 1))]
        print(f"| {kind} | {statistics.median(sizes):.0f} ({max(sizes)}) | {within}/{len(sizes)} | "
              f"{statistics.median(times):.0f} µs | {statistics.median(deltas):.1f} ({p90:.1f}) |")


if __name__ == "__main__":
    main()
