#!/usr/bin/env python3
"""make bench: imgsite against libvips alone on the stills of the corpus,
then the animations.

Builds Tests/Corpus/photos (all albums but animated/) with imgsite,
then makes exactly the same files (same widths, formats and encoder
settings, from imgsite's manifest) with libvips alone, one vips_thumbnail
per output. Prints CPU time (user + system) and peak memory of each.
Then builds animated/ alone: its time and peak memory next to the stills',
and per animation what fitting it to the memory budget did.
"""
import json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "Corpus", "photos")
# `bench.py [IMGSITE]`: another binary, e.g. an older build, for a before/after.
IMGSITE = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "imgsite")
BASELINE_SRC = os.path.join(ROOT, "scripts", "bench", "baseline.c")
QUALITY = {"jpeg": (80, 0), "webp": (80, 4), "avif": (60, 0)}  # imgsite's defaults
DENSE_QUALITY = {"webp": (45, 2), "avif": (45, 0)}  # its files for screens of 2x and more


def run(command, stdin=None):
    """Runs a child; returns (cpu seconds, peak RSS MiB, wall seconds)."""
    start = time.monotonic()
    child = subprocess.Popen(command, stdin=subprocess.PIPE if stdin else None)
    if stdin:
        child.stdin.write(stdin.encode())
        child.stdin.close()
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"{command[0]} failed with status {status}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, time.monotonic() - start


def main():
    work = tempfile.mkdtemp(prefix="imgsite-bench-")
    photos = os.path.join(work, "photos")
    os.mkdir(photos)
    for album in sorted(os.listdir(CORPUS)):
        if album != "animated":
            os.symlink(os.path.join(CORPUS, album), os.path.join(photos, album))

    baseline = os.path.join(work, "baseline")
    cflags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "vips"], text=True).split()
    subprocess.check_call(["cc", "-O2", "-o", baseline, BASELINE_SRC] + cflags)

    site = os.path.join(work, "site")
    ours = run([IMGSITE, "build", photos, "-o", site, "--force", "--quiet"])
    manifest = json.load(open(os.path.join(site, "manifest.json")))

    alone_out = os.path.join(work, "alone")
    os.mkdir(alone_out)
    jobs = []
    for image in manifest["images"]:
        for n, variant in enumerate(image["variants"]):
            quality, effort = (DENSE_QUALITY if variant.get("role") == "dense" else QUALITY)[variant["format"]]
            out = os.path.join(alone_out, f"{len(jobs)}.{variant['path'].rsplit('.', 1)[1]}")
            jobs.append(f"{os.path.join(photos, image['source'])}\t{variant['width']}\t{variant['format']}\t{out}\t{quality}\t{effort}\n")
    alone = run([baseline], stdin="".join(jobs))

    sources = len(manifest["images"])
    ours_bytes = sum(v["bytes"] for i in manifest["images"] for v in i["variants"])
    alone_bytes = sum(os.path.getsize(os.path.join(alone_out, f)) for f in os.listdir(alone_out))
    print(f"\n{sources} still photos → {len(jobs)} files (libvips {subprocess.check_output(['vips', '--version'], text=True).strip()})")
    print(f"{'':22}{'CPU s':>8}{'wall s':>8}{'peak MiB':>10}{'output MB':>11}")
    print(f"{'imgsite':22}{ours[0]:8.2f}{ours[2]:8.2f}{ours[1]:10.0f}{ours_bytes / 1e6:11.1f}")
    print(f"{'libvips alone':22}{alone[0]:8.2f}{alone[2]:8.2f}{alone[1]:10.0f}{alone_bytes / 1e6:11.1f}")
    ratio = ours[0] / alone[0]
    print(f"CPU ratio imgsite / libvips alone: {ratio:.2f} (target ≤ 1.5)")
    megapixels = sum(i["width"] * i["height"] for i in manifest["images"]) / 1e6
    print(f"imgsite, default widths and formats: {ours[0] / megapixels * 1000:.0f} ms of CPU per source megapixel "
          f"({megapixels:.0f} MP)")
    animations(work, ours, sources)
    shutil.rmtree(work)
    return 0 if ratio <= 1.5 else 1


def animations(work, stills, still_count):
    """The animated album alone, next to the stills, and its budget table."""
    site = os.path.join(work, "animated-site")
    cpu, peak, wall = run([IMGSITE, "build", os.path.join(CORPUS, "animated"), "-o", site, "--force", "--quiet",
                           "--cache-dir", os.path.join(work, "animated-cache")])
    images = json.load(open(os.path.join(site, "manifest.json")))["images"]
    print(f"\n{'':22}{'sources':>8}{'CPU s':>8}{'wall s':>8}{'peak MiB':>10}")
    print(f"{'stills':22}{still_count:8}{stills[0]:8.2f}{stills[2]:8.2f}{stills[1]:10.0f}")
    print(f"{'animations':22}{len(images):8}{cpu:8.2f}{wall:8.2f}{peak:10.0f}")
    print(f"\n{'animation':30}{'frames':>10}{'fps':>5}{'scale':>7}{'decoded MB':>14}{'file KB':>14}")
    for image in sorted(images, key=lambda i: -i["animation"]["decodedBytesBefore"]):
        a = image["animation"]
        frames = f"{a['framesIn']}→{a['framesOut']}"
        decoded = f"{a['decodedBytesBefore'] / 1e6:.1f}→{a['decodedBytesAfter'] / 1e6:.1f}"
        file = f"{a['fileBytesBefore'] / 1e3:.0f}→{a['fileBytesAfter'] / 1e3:.0f}"
        print(f"{image['source']:30}{frames:>10}{str(a.get('fps') or 'all'):>5}{a['scale']:7.2f}{decoded:>14}{file:>14}")


if __name__ == "__main__":
    sys.exit(main())
