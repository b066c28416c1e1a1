#!/usr/bin/env python3
"""make bench-hdr: what HDR photos cost a site and its visitors.

Makes COUNT (default 20) gain-map JPEGs of 24 MP from make bench-budget's
mosaics (each mosaic the SDR base, its highlights lifted by up to 2.5
stops, the gain map a quarter of its size, as Pixel phones store theirs;
made once into .build/bench/hdr-library) and builds them twice with the
libvips PYVIPS loaded (PyPI's 8.18.7, which writes gain maps), each with
a fresh output folder and cache: `hdr: keep` and `hdr: sdr`. Prints each
build's CPU (user + system), wall time, files and bytes, what keeping the
HDR rendition adds per photo, and by width what a photo page downloads on
an SDR screen (the WebP, or a dense screen's AVIF) against an HDR screen
(the gain-map JPEG).

    hdr.py IMGSITE [COUNT]      # run with the Python of a venv holding pyvips and pyvips-binary 8.18
"""
import collections, glob, importlib.util, json, os, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import site_budget  # noqa: E402  (the mosaics, made once into .build/bench)



def load_make_ultrahdr():
    """scripts/hdr/make-ultrahdr.py, and so pyvips: loaded after the mosaics are
    made, as libvips sets VIPSHOME as it starts, which the `vips` command
    the mosaics are made with would then take for its own."""
    spec = importlib.util.spec_from_file_location("make_ultrahdr", os.path.join(HERE, "..", "hdr", "make-ultrahdr.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

BUCKETS = [(0, 600), (600, 1000), (1000, 1400), (1400, 2000), (2000, 2800), (2800, 100000)]


def library(count):
    """COUNT gain-map JPEGs of 6000 x 4000, made once from the mosaics."""
    mosaics = os.path.join(site_budget.mosaics(count), "a")
    make_ultrahdr = load_make_ultrahdr()
    pyvips = make_ultrahdr.pyvips
    make_ultrahdr.check_libvips()
    pool = os.path.join(site_budget.WORK, "hdr-pool")
    os.makedirs(pool, exist_ok=True)
    for number in range(count):
        target = os.path.join(pool, f"photo-{number + 1}.jpg")
        if not os.path.exists(target):
            base = pyvips.Image.new_from_file(os.path.join(mosaics, f"photo-{number + 1}.jpg")).colourspace("srgb")
            data, _ = make_ultrahdr.ultrahdr(base, 2.5, 4, 92)
            with open(target + ".part", "wb") as out:
                out.write(data)
            os.rename(target + ".part", target)
    folder = os.path.join(site_budget.WORK, f"hdr-{count}", "a")
    shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
    os.makedirs(folder)
    for number in range(count):
        os.link(os.path.join(pool, f"photo-{number + 1}.jpg"), os.path.join(folder, f"photo-{number + 1}.jpg"))
    return os.path.dirname(folder)


def build(imgsite, photos, work, name, settings, environment):
    folder = os.path.join(work, name)
    os.makedirs(folder)
    config = os.path.join(folder, "imgsite.yml")
    with open(config, "w") as file:
        file.write(settings)
    site = os.path.join(folder, "site")
    start = time.monotonic()
    child = subprocess.Popen([imgsite, "build", photos, "-o", site, "--config", config, "--cache-dir", os.path.join(folder, "cache")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    _, status, usage = os.wait4(child.pid, 0)
    output = child.stdout.read().decode()
    if status != 0 or "failed 0" not in output:
        sys.exit(f"the {name} build failed: {output[-2000:]} {child.stderr.read().decode()[-2000:]}")
    files, total = site_budget.folder_size(site)
    with open(os.path.join(site, "manifest.json")) as file:
        manifest = json.load(file)
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": time.monotonic() - start, "files": files, "bytes": total,
            "rss": usage.ru_maxrss / 1024, "manifest": manifest}


def by_width(manifest):
    """Per width bucket: mean bytes of the 1x WebP, the dense AVIF and the gain-map JPEG of the same width."""
    sums = collections.defaultdict(lambda: collections.defaultdict(list))
    for image in manifest["images"]:
        files = {(v["width"], v.get("role", "image"), v["format"]): v["bytes"] for v in image["variants"]}
        for (width, role, format), size in files.items():
            if role != "hdr":
                continue
            bucket = next(b for b in BUCKETS if b[0] <= width < b[1])
            sums[bucket]["hdr"].append(size)
            if (width, "image", "webp") in files:
                sums[bucket]["webp"].append(files[(width, "image", "webp")])
            if (width, "dense", "avif") in files:
                sums[bucket]["avif"].append(files[(width, "dense", "avif")])
    return sums


def main():
    imgsite = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    # pyvips-binary's libvips, beside this venv's pyvips: what imgsite loads too.
    found = glob.glob(os.path.join(sys.prefix, "lib", "python*", "site-packages", "pyvips_binary.libs", "libvips-*.so.42"))
    if not found:
        sys.exit("run it with the Python of a venv holding pyvips-binary 8.18 (make bench-hdr makes one)")
    photos = library(count)
    environment = {key: value for key, value in os.environ.items() if key != "VIPSHOME"}
    environment["IMGSITE_LIBVIPS"] = found[0]
    work = os.path.join(site_budget.WORK, "hdr-builds")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    version = subprocess.run([imgsite, "--version"], env=environment, capture_output=True, text=True).stdout
    print(f"{count} gain-map JPEGs of 6000 x 4000 (2.5 stops, gain map 1/4), {os.cpu_count()} cores; "
          + "; ".join(line for line in version.splitlines() if line.startswith(("libvips", "HDR"))) + "\n")
    print("| build | CPU | wall | files | bytes | peak RSS |\n|---|---|---|---|---|---|")
    # Alternating paired rounds (sdr, keep, keep, sdr): what HDR adds is a few per cent of a build.
    runs = collections.defaultdict(list)
    for index, (name, settings) in enumerate([("hdr: sdr", "hdr: sdr\n"), ("hdr: keep", "hdr: keep\n"),
                                              ("hdr: keep", "hdr: keep\n"), ("hdr: sdr", "hdr: sdr\n")]):
        run = build(imgsite, photos, work, f"{index}-{name[5:]}", settings, environment)
        runs[name].append(run)
        print(f"| {name} | {run['cpu']:.1f} s | {run['wall']:.1f} s | {run['files']} | {run['bytes'] / 1e6:.1f} MB | {run['rss']:.0f} MiB |")
    mean = lambda name, key: sum(run[key] for run in runs[name]) / len(runs[name])
    keep, sdr = runs["hdr: keep"][0], runs["hdr: sdr"][0]
    spread = max(abs(runs[name][0]["cpu"] - runs[name][1]["cpu"]) for name in runs) / count
    print(f"\nPer HDR photo, keeping its HDR rendition adds {(keep['files'] - sdr['files']) / count:.1f} files, "
          f"{(keep['bytes'] - sdr['bytes']) / count / 1e6:.2f} MB ({keep['bytes'] / sdr['bytes'] - 1:+.0%} of the site's bytes) "
          f"and {(mean('hdr: keep', 'cpu') - mean('hdr: sdr', 'cpu')) / count:+.2f} s of CPU "
          f"({(mean('hdr: keep', 'cpu') / mean('hdr: sdr', 'cpu') - 1):+.0%}; the same build twice differs by up to {spread:.2f} s a photo).\n")
    print("| width | SDR screen, 1x (WebP) | SDR screen, 2x+ (AVIF) | HDR screen (gain-map JPEG) | HDR over WebP |\n|---|---|---|---|---|")
    for bucket, sizes in sorted(by_width(keep["manifest"]).items()):
        mean = lambda values: sum(values) / len(values) if values else 0
        webp, avif, hdr = mean(sizes["webp"]), mean(sizes["avif"]), mean(sizes["hdr"])
        label = f"{bucket[0]}–{bucket[1]} px" if bucket[1] < 100000 else f"{bucket[0]} px and more"
        print(f"| {label} | {webp / 1e3:.0f} KB | {(f'{avif / 1e3:.0f} KB' if avif else '—')} | {hdr / 1e3:.0f} KB | "
              f"{(f'{hdr / webp:.2f}×' if webp else '—')} |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
