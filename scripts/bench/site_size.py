#!/usr/bin/env python3
"""make bench-site-size: what a site weighs per photo, at default settings.

Builds four small libraries and reads each site's manifest:
  9 MP:  the corpus's large photos (3840 × 2400 and 3640 × 2400),
  12 MP: 4000 × 3000 JPEGs,  24 MP: 6000 × 4000 JPEGs (one in six upright),
  HEIC:  the corpus's iPhone photo (3024 × 4032).
The 12 and 24 MP photos are mosaics of crops of the corpus's large photos at
their native resolution (nothing upscaled, so the detail an encoder sees is a
camera's), saved at quality 92 like a camera's; they are made once into
.build/site-size/ and are the same on every run.

Then two libraries by kind of content, to show how far bytes move with it,
each of photos at least 3,640 px wide (the whole ladder of widths, as a
24 MP photo makes): low detail (ukui-wallpapers' 2004default, the-mouse and
firstgeneration) and high detail (mate-backgrounds' Elephants, ukui-wallpapers'
rhythm), Debian packages fetched with apt-get download.

Prints, per photo: image files and bytes by format and role, the pages' bytes,
and the whole site's bytes, against the sources'.

  site_size.py IMGSITE [--config FILE]   # FILE: an imgsite.yml to measure instead of the defaults
"""
import collections, json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "Corpus", "photos")
WORK = os.path.join(ROOT, ".build", "site-size")
# Every corpus photo at least 2,000 × 1,500 px: the tiles' sources.
SOURCES = ["large/2004default.jpg", "large/string.jpg", "formats/iphone-13-pro-max.heic", "nature/Aqua.jpg",
           "nature/Garden.jpg", "nature/LadyBird.jpg", "nature/TwoWings.jpg", "nature/Wood.jpg",
           "nature/YellowFlower.jpg"]
LIBRARIES = {  # name: (count, columns, rows, tile width, tile height)
    "12 MP JPEG": (6, 2, 2, 2000, 1500),
    "24 MP JPEG": (6, 3, 3, 2000, 1334),
}
CORPUS_PHOTOS = {  # name: the corpus's own photos, as they are
    "9 MP JPEG": ["large/2004default.jpg", "large/string.jpg"],
    "HEIC": ["formats/iphone-13-pro-max.heic"],
}


# Libraries by kind of content: Debian wallpapers at least 3,640 px wide (so
# each makes the whole ladder of widths, as a 24 MP photo does), fetched with
# apt-get download: {package: files in it}.
KINDS = {
    "low detail": {"ukui-wallpapers": ["usr/share/backgrounds/2004default.jpg", "usr/share/backgrounds/the-mouse.jpg",
                                       "usr/share/backgrounds/firstgeneration.jpg"]},
    "high detail": {"mate-backgrounds": ["usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg",
                                         "usr/share/backgrounds/mate/abstract/Elephants_3840x2160.jpg"],
                    "ukui-wallpapers": ["usr/share/backgrounds/rhythm.jpg"]},
}


def vips(*arguments):
    subprocess.check_call(["vips", *arguments], stdout=subprocess.DEVNULL)


def decoded_sources():
    """Each source decoded once, upright, as a .v file: (path, width, height)."""
    folder = os.path.join(WORK, "sources")
    os.makedirs(folder, exist_ok=True)
    result = []
    for index, source in enumerate(SOURCES):
        path = os.path.join(folder, f"{index}.v")
        if not os.path.exists(path):
            vips("autorot", os.path.join(CORPUS, source), path)
        size = subprocess.check_output(["vipsheader", "-f", "width", path], text=True), \
            subprocess.check_output(["vipsheader", "-f", "height", path], text=True)
        result.append((path, int(size[0]), int(size[1])))
    return result


def mosaic(sources, number, columns, rows, tile_width, tile_height, out):
    """Tiles from different sources, each a crop at native resolution at its own place."""
    scratch = out + ".tiles"
    os.makedirs(scratch, exist_ok=True)
    tiles = []
    for t in range(columns * rows):
        path, width, height = sources[(number * 5 + t * 2) % len(sources)]
        # Spread the crops over each source: a different place for each tile and photo.
        fraction = ((number * 7 + t * 3) % 10) / 9
        left, top = int((width - tile_width) * fraction), int((height - tile_height) * (1 - fraction))
        # Sources and places repeat every 90 photos: each later block of 90
        # moves its crops by its own offset, so no two photos are alike.
        block = number // 90
        left = (left + block * 41) % (width - tile_width + 1)
        top = (top + block * 23) % (height - tile_height + 1)
        tile = os.path.join(scratch, f"{t}.v")
        vips("extract_area", path, tile, str(left), str(top), str(tile_width), str(tile_height))
        tiles.append(tile)
    joined = os.path.join(scratch, "joined.v")
    vips("arrayjoin", " ".join(tiles), joined, "--across", str(columns))
    if number % 6 == 5:  # upright, as a camera held on its side writes it (rotated pixels, no EXIF turn)
        vips("rot", joined, os.path.join(scratch, "upright.v"), "d90")
        joined = os.path.join(scratch, "upright.v")
    vips("copy", joined, os.path.join(scratch, "photo.jpg") + "[Q=92,optimize_coding,strip]")
    os.replace(os.path.join(scratch, "photo.jpg"), out)  # whole, or not there
    shutil.rmtree(scratch)


def library(name, sources):
    folder = os.path.join(WORK, "libraries", name.replace(" ", "-").lower())
    if name in CORPUS_PHOTOS:
        os.makedirs(os.path.join(folder, "a"), exist_ok=True)
        for photo in CORPUS_PHOTOS[name]:
            target = os.path.join(folder, "a", os.path.basename(photo))
            if not os.path.exists(target):
                shutil.copy(os.path.join(CORPUS, photo), target)
        return folder
    count, columns, rows, tile_width, tile_height = LIBRARIES[name]
    os.makedirs(os.path.join(folder, "a"), exist_ok=True)
    for number in range(count):
        out = os.path.join(folder, "a", f"photo-{number + 1}.jpg")
        if not os.path.exists(out):
            mosaic(sources, number, columns, rows, tile_width, tile_height, out)
    return folder


def debian_library(kind):
    """The folder (an album `a`) of a KINDS library, or None when apt cannot fetch it."""
    folder = os.path.join(WORK, "libraries", kind.replace(" ", "-"), "a")
    packages = KINDS[kind]
    wanted = [os.path.join(folder, os.path.basename(path)) for paths in packages.values() for path in paths]
    if all(os.path.exists(path) for path in wanted):
        return os.path.dirname(folder)
    os.makedirs(folder, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for package, paths in packages.items():
            run = subprocess.run(["apt-get", "download", package], cwd=scratch, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"({kind} skipped: apt-get download {package} failed: {run.stderr.strip()})")
                return None
            deb = next(name for name in os.listdir(scratch) if name.startswith(package + "_") and name.endswith(".deb"))
            subprocess.check_call(["dpkg", "-x", os.path.join(scratch, deb), os.path.join(scratch, package)])
            for path in paths:
                shutil.copy(os.path.join(scratch, package, path), folder)
    return os.path.dirname(folder)


def wallpapers():
    """The detailed wallpapers (make bench-budget's first sweep)."""
    return debian_library("high detail")


def folder_bytes(folder, suffixes):
    total = files = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            if name.endswith(suffixes):
                total += os.path.getsize(os.path.join(parent, name))
                files += 1
    return total, files


def measure(imgsite, name, folder, config):
    site = os.path.join(WORK, "site")
    shutil.rmtree(site, ignore_errors=True)
    command = [imgsite, "build", folder, "-o", site, "--cache-dir", os.path.join(WORK, "cache"), "--quiet"]
    subprocess.check_call(command + (["--config", config] if config else []), stdout=subprocess.DEVNULL)
    images = json.load(open(os.path.join(site, "manifest.json")))["images"]
    photos = len(images)
    files, sizes = collections.Counter(), collections.Counter()
    for image in images:
        for variant in image["variants"]:
            key = (variant["format"], variant["role"])
            files[key] += 1
            sizes[key] += variant["bytes"]
    source_bytes = sum(i["sourceBytes"] for i in images)
    pages, _ = folder_bytes(site, (".html", ".css", ".xml", ".json"))
    site_bytes, site_files = folder_bytes(site, ("",))
    image_files, image_bytes = sum(files.values()), sum(sizes.values())
    print(f"\n{name}: {photos} photo(s) of {source_bytes / photos / 1e6:.1f} MB")
    print(f"  {'per photo':24}{'files':>7}{'MB':>8}")
    for key in sorted(files, key=lambda k: -sizes[k]):
        print(f"  {key[0] + ', ' + key[1]:24}{files[key] / photos:7.1f}{sizes[key] / photos / 1e6:8.2f}")
    print(f"  {'images':24}{image_files / photos:7.1f}{image_bytes / photos / 1e6:8.2f}"
          f"   {image_bytes / source_bytes:.2f}× the sources' bytes")
    print(f"  {'pages, CSS, manifest':24}{'':7}{pages / photos / 1e6:8.2f}")
    print(f"  {'whole site':24}{site_files / photos:7.1f}{site_bytes / photos / 1e6:8.2f}")
    widths = sorted({v["width"] for v in images[0]["variants"]})
    print(f"  widths of {images[0]['source']}: {', '.join(map(str, widths))}")
    return {"photos": photos, "imageFiles": image_files / photos, "imageMB": image_bytes / photos / 1e6,
            "siteMB": site_bytes / photos / 1e6}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    imgsite = os.path.abspath(sys.argv[1])
    config = os.path.abspath(sys.argv[sys.argv.index("--config") + 1]) if "--config" in sys.argv else None
    sources = decoded_sources()
    print("site size per photo" + (f" with {config}" if config else ", default settings"))
    for name in ("9 MP JPEG", "12 MP JPEG", "24 MP JPEG", "HEIC"):
        measure(imgsite, name, library(name, sources), config)
    # By kind of content, at a camera's widths: how far the bytes per photo move.
    for kind, name in (("low detail", "low detail (ukui-wallpapers: 2004default, the-mouse, firstgeneration)"),
                       ("high detail", "high detail (mate-backgrounds' Elephants, ukui-wallpapers' rhythm)")):
        folder = debian_library(kind)
        if folder:
            measure(imgsite, name, folder, config)
    shutil.rmtree(os.path.join(WORK, "site"), ignore_errors=True)
    shutil.rmtree(os.path.join(WORK, "cache"), ignore_errors=True)


if __name__ == "__main__":
    main()
