"""AVIF against WebP on the corpus stills: bytes, encoder CPU and likeness.

Each photo is resized (libvips thumbnail) to 400, 1,075 and 2,000 px wide,
then encoded as WebP at imgsite's default (quality 80, effort 4) and as AVIF
at several qualities and efforts. Likeness is SSIM and PSNR of the decoded
luma against the resized reference (scikit-image). Used to choose AVIF's
default quality: the lowest whose likeness matches WebP's default.

    python formats.py PHOTO_FOLDER...
"""
import glob
import resource
import sys

import numpy as np
import pyvips
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

pyvips.cache_set_max(0)

ENCODERS = [
    ("webp q80 effort 4", lambda i: i.webpsave_buffer(Q=80, effort=4, strip=True)),
    ("avif q50 effort 1", lambda i: i.heifsave_buffer(Q=50, effort=1, compression="av1", strip=True)),
    ("avif q55 effort 1", lambda i: i.heifsave_buffer(Q=55, effort=1, compression="av1", strip=True)),
    ("avif q60 effort 1", lambda i: i.heifsave_buffer(Q=60, effort=1, compression="av1", strip=True)),
    ("avif q60 effort 0", lambda i: i.heifsave_buffer(Q=60, effort=0, compression="av1", strip=True)),
]


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def luma(image):
    rgb = image.colourspace("srgb")[0:3]
    pixels = np.ndarray(buffer=rgb.write_to_memory(), dtype=np.uint8, shape=[rgb.height, rgb.width, 3]).astype(float)
    return 0.299 * pixels[..., 0] + 0.587 * pixels[..., 1] + 0.114 * pixels[..., 2]


def main(folders):
    files = sorted(f for folder in folders for f in glob.glob(f"{folder}/*.jpg"))
    print(f"{len(files)} photos from {', '.join(folders)}\n")
    print("| width | encoder | bytes | encode CPU | MP/s | SSIM (Y) mean / min | PSNR (Y) |")
    print("|---|---|---|---|---|---|---|")
    for width in (400, 1075, 2000):
        references = [pyvips.Image.thumbnail(f, width).copy_memory() for f in files]
        megapixels = sum(r.width * r.height for r in references) / 1e6
        lumas = [luma(r) for r in references]
        for name, encode in ENCODERS:
            start = cpu_seconds()
            encoded = [encode(r) for r in references]
            cpu = cpu_seconds() - start
            ssim, psnr = [], []
            for data, reference in zip(encoded, lumas):
                decoded = luma(pyvips.Image.new_from_buffer(data, ""))
                ssim.append(structural_similarity(reference, decoded, data_range=255))
                psnr.append(peak_signal_noise_ratio(reference, decoded, data_range=255))
            size = sum(len(d) for d in encoded)
            print(f"| {width} | {name} | {size / 1e3:.0f} KB | {cpu:.2f} s | {megapixels / cpu:.1f} "
                  f"| {np.mean(ssim):.4f} / {np.min(ssim):.4f} | {np.mean(psnr):.2f} dB |")


if __name__ == "__main__":
    main(sys.argv[1:] or ["Tests/Corpus/photos/nature", "Tests/Corpus/photos/large"])
