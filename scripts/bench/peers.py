#!/usr/bin/env python3
"""make bench-peers: imgsite against sigal, Hugo and libvips alone, at equal work.

The work: 32 corpus photos (nature, large, cameras, orientation), each made
into one JPEG 800 px wide at quality 85 and one 280 px wide thumbnail, never
upscaled, upright by EXIF orientation, plus the gallery pages. Each tool is
set up to do just that (no placeholders, no WebP, no original copies, no
zip); every round runs each tool once from cold (no cache of its own), the
order rotating between rounds. Reports wall time, CPU (user + system, the
process and every child it waited for) and peak RSS (its largest process),
best and median over the rounds, the ratios to imgsite, and the quality of
each tool's 800 px files: PSNR against libvips' Lanczos from a full decode.

With IMGSITE_BUNDLE set to the release bundle's bin/imgsite (make
bench-peers sets it when `make dist` has made one), the bundle's imgsite runs
as one more tool, side by side with the apt build's.

usage: peers.py IMGSITE VENV_PYTHON [ROUNDS]
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "Corpus", "photos")
ALBUMS = ["nature", "large", "cameras", "orientation"]
WIDE, THUMB, QUALITY = 800, 280, 85

IMGSITE_CONFIG = f"""version: 1
title: bench
widths: [{WIDE}, {THUMB}]
formats: [jpeg]
jpeg: {{ quality: {QUALITY} }}
placeholder: none
dense_format: false
"""

# sigal 2.x fits each image into img_size turned to the image's orientation:
# (800, 800) makes every landscape photo 800 wide, as the others do (all 32
# are landscape once upright); thumbnails likewise 280 wide, not cropped.
SIGAL_CONFIG = f"""
source = {{source!r}}
destination = {{destination!r}}
img_size = ({WIDE}, {WIDE})
thumb_size = ({THUMB}, {THUMB})
thumb_fit = False
make_thumbs = True
keep_orig = False
use_orig = False
copy_exif_data = False
autorotate_images = True
jpg_options = {{{{"quality": {QUALITY}, "optimize": True, "progressive": True}}}}
zip_gallery = False
ncpu = {os.cpu_count()}
plugins = []
"""

HUGO_CONFIG = f"""baseURL = "/"
title = "bench"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[imaging]
quality = {QUALITY}
resampleFilter = "Lanczos"
"""
HUGO_LAYOUT = f"""<!doctype html><title>{{{{ .Title }}}}</title>
{{{{ range .Resources.ByType "image" }}}}{{{{ $big := .Resize "{WIDE}x" }}}}{{{{ $small := .Resize "{THUMB}x" }}}}
<a href="{{{{ $big.RelPermalink }}}}"><img src="{{{{ $small.RelPermalink }}}}" width="{{{{ $small.Width }}}}" height="{{{{ $small.Height }}}}" alt=""></a>
{{{{ end }}}}"""
HUGO_LIST = """<!doctype html><title>{{ .Title }}</title>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}"""

# libvips alone, the way its documentation recommends: thumbnail() from the
# file for each size (shrink-on-load, auto-rotate), colour managed only when
# the file has a profile, one process per core.
VIPS_SCRIPT = f"""
import os, sys, multiprocessing, pyvips
def one(job):
    source, out = job
    profile = "icc-profile-data" in pyvips.Image.new_from_file(source).get_fields()
    extra = {{"export_profile": "srgb"}} if profile else {{}}
    for width, suffix in (({WIDE}, "big"), ({THUMB}, "small")):
        image = pyvips.Image.thumbnail(source, width, height=10000000, size="down", **extra)
        image.jpegsave(os.path.join(out, os.path.basename(source) + "." + suffix + ".jpg"), Q={QUALITY},
                       strip=True, optimize_coding=True, interlace=width >= 480, subsample_mode="on")
if __name__ == "__main__":
    src, out = sys.argv[1], sys.argv[2]
    jobs = [(os.path.join(d, f), out) for d, _, fs in os.walk(src) for f in sorted(fs)]
    with multiprocessing.Pool(os.cpu_count()) as pool:
        pool.map(one, jobs, chunksize=1)
"""


def run(command, cwd=None):
    """Runs a child; returns (wall s, CPU s, peak RSS MiB)."""
    start = time.monotonic()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"{command[0]} failed ({status}): {child.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


class Tools:
    def __init__(self, work, imgsite, python):
        self.work, self.imgsite, self.python = work, imgsite, python
        self.photos = os.path.join(work, "photos")
        for album in ALBUMS:
            shutil.copytree(os.path.join(CORPUS, album), os.path.join(self.photos, album))
        with open(os.path.join(work, "imgsite.yml"), "w") as f:
            f.write(IMGSITE_CONFIG)
        with open(os.path.join(work, "vips_alone.py"), "w") as f:
            f.write(VIPS_SCRIPT)

    def out(self, name):
        path = os.path.join(self.work, "out-" + name)
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path)
        return path

    def imgsite_(self, binary=None, name="imgsite"):
        out, cache = self.out(name), self.out(name + "-cache")
        return run([binary or self.imgsite, "build", self.photos, "--config", os.path.join(self.work, "imgsite.yml"),
                    "-o", out, "--cache-dir", cache, "--quiet"])

    def sigal(self):
        out = self.out("sigal")
        config = os.path.join(self.work, "sigal.conf.py")
        with open(config, "w") as f:
            f.write(SIGAL_CONFIG.format(source=self.photos, destination=out))
        sigal = os.path.join(os.path.dirname(self.python), "sigal")
        return run([sigal, "build", "-c", config, "--quiet"], cwd=self.work)

    def hugo(self):
        site = self.out("hugo-site")  # new each round: its resources/ cache too
        for album in ALBUMS:
            bundle = os.path.join(site, "content", album)
            shutil.copytree(os.path.join(self.photos, album), bundle)
            with open(os.path.join(bundle, "index.md"), "w") as f:
                f.write(f"---\ntitle: {album}\n---\n")
        os.makedirs(os.path.join(site, "layouts", "_default"))
        for name, text in [("single.html", HUGO_LAYOUT), ("list.html", HUGO_LIST)]:
            with open(os.path.join(site, "layouts", "_default", name), "w") as f:
                f.write(text)
        with open(os.path.join(site, "config.toml"), "w") as f:
            f.write(HUGO_CONFIG)
        return run(["hugo", "--quiet", "--source", site, "--destination", self.out("hugo"),
                    "--cacheDir", self.out("hugo-cache")])

    def vips(self):
        return run([self.python, os.path.join(self.work, "vips_alone.py"), self.photos, self.out("vips")])

    def big_files(self, name):
        """(source, the tool's 800 px file) for each photo it made one for."""
        sources = {os.path.splitext(f)[0].lower(): os.path.join(d, f) for d, _, fs in os.walk(self.photos) for f in fs}
        if name.startswith("imgsite"):
            out = os.path.join(self.work, "out-" + name)
            manifest = json.load(open(os.path.join(out, "manifest.json")))
            return [(os.path.join(self.photos, image["source"]), os.path.join(out, variant["path"]))
                    for image in manifest["images"] for variant in image["variants"] if variant["width"] == WIDE]
        pairs = []
        for folder, _, files in os.walk(os.path.join(self.work, "out-" + name)):
            for f in files:
                path = os.path.join(folder, f)
                if not f.lower().endswith((".jpg", ".jpeg")) or "thumbnails" in folder:
                    continue
                # sigal keeps the name; Hugo adds "_hu<hash>…"; the libvips script ".big.jpg".
                stem = f.lower().split("_hu")[0].split(".")[0]
                if stem in sources and int(subprocess.check_output(["vipsheader", "-f", "width", path]).strip()) == WIDE:
                    pairs.append((sources.pop(stem), path))
        return pairs


def psnr(tools, name):
    """Mean PSNR (dB) of a tool's 800 px files against libvips' Lanczos from a full decode."""
    script = """
import sys, json, math, pyvips
scores = []
for source, made in json.loads(sys.argv[1]):
    ref = pyvips.Image.new_from_file(source).autorot()
    if ref.get_typeof("icc-profile-data"): ref = ref.icc_transform("srgb")
    ref = ref.colourspace("srgb")
    if ref.hasalpha(): ref = ref.flatten()
    ref = ref.resize(%d / ref.width, kernel="lanczos3")
    out = pyvips.Image.new_from_file(made).colourspace("srgb")
    if out.width != ref.width or abs(out.height - ref.height) > 1: continue
    h = min(out.height, ref.height)
    diff = ref.crop(0, 0, ref.width, h).cast("float") - out.crop(0, 0, out.width, h).cast("float")
    scores.append(10 * math.log10(255 ** 2 / max((diff * diff).avg(), 1e-9)))
print(json.dumps([sum(scores) / max(len(scores), 1), len(scores)]))
""" % WIDE
    return json.loads(subprocess.check_output([tools.python, "-c", script, json.dumps(tools.big_files(name))]))


def main():
    imgsite, python = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    work = tempfile.mkdtemp(prefix="imgsite-peers-")
    tools = Tools(work, imgsite, python)
    order = [("imgsite", tools.imgsite_), ("sigal", tools.sigal), ("Hugo", tools.hugo), ("libvips alone", tools.vips)]
    files = {"imgsite": "imgsite", "sigal": "sigal", "Hugo": "hugo", "libvips alone": "vips"}
    bundle = os.environ.get("IMGSITE_BUNDLE")
    if bundle:
        order.insert(1, ("imgsite (release bundle)", lambda: tools.imgsite_(os.path.abspath(bundle), "imgsite-bundle")))
        files["imgsite (release bundle)"] = "imgsite-bundle"
    results = {name: [] for name, _ in order}
    sigal_version = subprocess.check_output([os.path.join(os.path.dirname(python), "sigal"), "--version"], text=True).strip()
    hugo_version = subprocess.check_output(["hugo", "version"], text=True).split()[1]
    vips_version = subprocess.check_output(["vips", "--version"], text=True).strip()
    print(f"{sum(len(f) for _, _, f in os.walk(tools.photos))} photos; "
          f"{sigal_version}; Hugo {hugo_version}; {vips_version}; {os.cpu_count()} cores; {rounds} rounds", flush=True)
    for index in range(rounds):
        rotated = order[index % len(order):] + order[:index % len(order)]
        for name, tool in rotated:
            results[name].append(tool())
        print(f"round {index + 1}: " + ", ".join(f"{n} {results[n][-1][0]:.2f} s" for n, _ in order), flush=True)

    base = statistics.median(r[0] for r in results["imgsite"])
    print()
    print("| tool | wall, best | wall, median | CPU, median | peak RSS, median | median wall ÷ imgsite's | PSNR of the 800 px files |")
    print("|---|---|---|---|---|---|---|")
    for name, _ in order:
        walls = [r[0] for r in results[name]]
        cpu = statistics.median(r[1] for r in results[name])
        rss = statistics.median(r[2] for r in results[name])
        quality, count = psnr(tools, files[name])
        print(f"| {name} | {min(walls):.2f} s | {statistics.median(walls):.2f} s | {cpu:.2f} s | {rss:.0f} MiB | "
              f"{statistics.median(walls) / base:.2f} | {quality:.1f} dB ({count} files) |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
