"""Files for dense screens: how far quality can drop at 2x and stay as like
the photo as a 1x screen's file.

A screen of density d paints a photo `slot` CSS px wide with a file about
d × slot px wide. Seen at the size the eye resolves, the CSS size, that file
is as faithful as its downscale to `slot` px. For each slot width, this
compares:
- the 1x file: the photo resized to `slot` and encoded at the format's
  default, decoded, against the photo resized to `slot`;
- the dense file: the photo resized to d × slot and encoded at a lower
  quality, decoded and resized to `slot` (Lanczos-3), against the same.
Likeness is SSIM and PSNR of the luma (scikit-image). A dense quality is
acceptable when its mean and minimum SSIM are no lower than the 1x WebP
file's (the default 1x file, whatever the dense format).

    python dense.py PHOTO_FOLDER...
"""
import glob
import sys

import numpy as np
import pyvips
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

from formats import cpu_seconds, luma  # the same CPU clock and luma as the AVIF table

ONE_X = {
    "webp": ("WebP q80 effort 4 (default)", lambda i: i.webpsave_buffer(Q=80, effort=4, strip=True)),
    "avif": ("AVIF q60 effort 0 (default)", lambda i: i.heifsave_buffer(Q=60, effort=0, compression="av1", strip=True)),
}
DENSE = {
    "webp": [(f"WebP q{q} effort {e}", lambda i, q=q, e=e: i.webpsave_buffer(Q=q, effort=e, strip=True))
             for q, e in [(80, 4), (50, 2), (45, 2), (40, 2)]],
    "avif": [(f"AVIF q{q} effort 0", lambda i, q=q: i.heifsave_buffer(Q=q, effort=0, compression="av1", strip=True))
             for q in (60, 50, 48, 45)],
}


def seen_at(image, height, width):
    """`image` as the eye resolves it on a screen painting it `width` × `height` CSS px."""
    if image.width == width and image.height == height:
        return image
    return image.resize(width / image.width, vscale=height / image.height, kernel="lanczos3")


def score(encode, sources, slot_refs):
    start = cpu_seconds()
    encoded = [encode(s) for s in sources]
    cpu = cpu_seconds() - start
    ssim, psnr = [], []
    for data, reference in zip(encoded, slot_refs):
        decoded = luma(seen_at(pyvips.Image.new_from_buffer(data, ""), *reference.shape))
        ssim.append(structural_similarity(reference, decoded, data_range=255))
        psnr.append(peak_signal_noise_ratio(reference, decoded, data_range=255))
    return sum(len(d) for d in encoded), cpu, ssim, psnr


def main(folders):
    files = sorted(f for folder in folders for f in glob.glob(f"{folder}/*.jpg"))
    print(f"{len(files)} photos from {', '.join(folders)}\n")
    print("| slot | density | file | bytes | encode CPU | SSIM (Y) mean / min | PSNR (Y) |")
    print("|---|---|---|---|---|---|---|")
    for slot in (300, 500, 800):
        at_slot = [pyvips.Image.thumbnail(f, slot).copy_memory() for f in files]
        slot_refs = [luma(r) for r in at_slot]
        for fmt in ("webp", "avif"):
            name, encode = ONE_X[fmt]
            size, cpu, ssim, psnr = score(encode, at_slot, slot_refs)
            print(f"| {slot} | 1 | {name} | {size / 1e3:.0f} KB | {cpu:.2f} s | {np.mean(ssim):.4f} / {np.min(ssim):.4f} | {np.mean(psnr):.1f} dB |")
            for density in (1.5, 2):
                dense = [pyvips.Image.thumbnail(f, round(slot * density)).copy_memory() for f in files]
                for name, encode in DENSE[fmt]:
                    size, cpu, ssim, psnr = score(encode, dense, slot_refs)
                    print(f"| {slot} | {density:g} | {name} | {size / 1e3:.0f} KB | {cpu:.2f} s "
                          f"| {np.mean(ssim):.4f} / {np.min(ssim):.4f} | {np.mean(psnr):.1f} dB |")


if __name__ == "__main__":
    main(sys.argv[1:] or ["Tests/Corpus/photos/nature", "Tests/Corpus/photos/large", "Tests/Corpus/photos/orientation"])
