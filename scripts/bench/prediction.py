#!/usr/bin/env python3
"""make bench-predict: how close a site budget's plan comes to the site built, by kind of content.

Builds one small library per kind of content, each split into photos the
predictor was tuned on ("tune") and photos kept out of the tuning
("held out"), and builds each half clean with a budget too large to give
anything up (`budgets: { site: 900 GB }`): the build report says the bytes
the plan predicted and the bytes built, whole site (images, pages, CSS,
manifest). Then the same at lowered settings (JPEG and WebP quality 60,
max_width 1600), where a tight budget takes its plans from.

The photos, fetched with apt-get download (Debian bookworm; licences as each
package's copyright file says):
  lomiri-wallpapers-16.04: camera photos by Aitzol Berasategi (CC-BY-4.0),
    Peter Nerlich, Sander Klootwijk, "Bolly", Jakkub Mede (CC-BY-SA-4.0),
    Trevor "Freespace" (CC-BY-4.0), Clemens Engelhardt (CC0-1.0),
    Abhishek Mudgal;
  lomiri-wallpapers-20.04: Kleiber © Lukas Baubkus, Infinite-Sea © Aury88 (CC-BY-SA-3.0);
  plasma-workspace-wallpapers: © KDE Visual Design Group (GPL-2+);
  mate-backgrounds (GPL-2+), ukui-wallpapers (CC-BY-SA-3.0),
  gnome-backgrounds (CC-BY-SA-3.0), sway-backgrounds (Expat);
and the repository's corpus (Tests/Corpus/README.md). Made here from them,
and said so in the table: panoramas and portraits cropped (never scaled up),
high-ISO noise added with libvips (gaussnoise, per band, sigma 9, saved at
quality 92 as a camera would), HEIC files encoded by libheif at quality 50
(a phone's), and screenshots taken by headless Chromium at 2x (left out
without `chromium`): two of this repository's docs, two of the gallery
pages IMGSITE builds from corpus albums (photos among text). The set is made once into
.build/prediction/.

  prediction.py IMGSITE [--kind NAME] [--per-photo]
"""
import json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "Corpus", "photos")
WORK = os.path.join(ROOT, ".build", "prediction")
BG, PL = "usr/share/backgrounds", "usr/share/wallpapers"
L16, L20, PLASMA, MATE, UKUI, GNOME, SWAY = ("lomiri-wallpapers-16.04", "lomiri-wallpapers-20.04", "plasma-workspace-wallpapers",
                                              "mate-backgrounds", "ukui-wallpapers", "gnome-backgrounds", "sway-backgrounds")


def deb(package, path, **made):
    return dict(package=package, path=path, **made)


def plasma(name, size, **made):
    return deb(PLASMA, f"{PL}/{name}/contents/images/{size}", **made)


# kind: [(photo, tuned on it)]. Crops are (left, top, width, height) as fractions of the photo.
KINDS = {
    "low detail (skies, fog, smooth)": [
        (plasma("Kite", "2560x1600.jpg"), True), (plasma("DarkestHour", "2560x1600.jpg"), True),
        (deb(L20, f"{BG}/Kleiber_by_Lukas_Baubkus.jpg"), True),
        (deb(L16, f"{BG}/Bridge_by_Sander_Klootwijk.jpg"), False), (deb(L16, f"{BG}/greentock_by_Peter_Nerlich.jpg"), False),
        (plasma("summer_1am", "2560x1600.jpg"), False), (plasma("ColdRipple", "2560x1600.jpg"), False),
        (deb(UKUI, f"{BG}/the-mouse.jpg"), False)],
    "high detail (foliage, rock, gravel)": [
        (plasma("Path", "2560x1600.jpg"), True), (plasma("OneStandsOut", "2560x1600.jpg"), True),
        (deb(L16, f"{BG}/Dragonfly_by_Bolly.jpg"), True),
        (deb(L16, f"{BG}/life_by_Aitzol_Berasategi.jpg"), False), (deb(L16, f"{BG}/picosdeeuropa_by_Aitzol_Berasategi.jpg"), False),
        (deb(L16, f"{BG}/seeding_by_Clements_Engelhardt.jpg"), False), (deb(L16, f"{BG}/aitzgorri_by_Aitzol_Berasategi.jpg"), False),
        (plasma("FallenLeaf", "2560x1600.jpg"), False), (plasma("EveningGlow", "2560x1600.jpg"), False),
        (plasma("Grey", "2560x1600.jpg"), False)],
    "detailed paintings (the issue's wallpapers)": [
        (deb(MATE, f"{BG}/mate/abstract/Elephants_5640x3172.jpg"), True), (deb(UKUI, f"{BG}/rhythm.jpg"), True),
        (deb(MATE, f"{BG}/mate/abstract/Elephants_3840x2160.jpg"), False), (deb(UKUI, f"{BG}/string.jpg"), False)],
    "night and low light": [
        (deb(L20, f"{BG}/Infinite-Sea_by_Aury88.jpg"), True),
        (deb(L16, f"{BG}/free_by_Peter_Nerlich.jpg"), False), (deb(L16, f"{BG}/sunset_by_Aitzol_Berasategi.jpg"), False),
        (deb(MATE, f"{BG}/mate/nature/Storm.jpg"), False)],
    "high-ISO noise": [
        (deb(L16, f"{BG}/analogpattern_by_Peter_Nerlich.jpg"), True),
        (deb(L16, f"{BG}/picosdeeuropa_by_Aitzol_Berasategi.jpg", noise=9), False),
        (deb(L16, f"{BG}/Bridge_by_Sander_Klootwijk.jpg", noise=9), False),
        (deb(L16, f"{BG}/Wine_by_Jakkub_Mede.jpg", noise=9), False)],
    "screenshots and illustrations": [
        (plasma("Cascade", "3840x2160.png"), True), (deb(GNOME, f"{BG}/gnome/pixels-l.webp"), True),
        (dict(screenshot="docs/configuration.md", dark=False), True),
        (dict(screenshot="docs/benchmarks.md", dark=True), False), (plasma("Opal", "3840x2160.png"), False),
        (plasma("Kokkini", "3840x2160.png"), False), (deb(UKUI, f"{BG}/goldfish.png"), False),
        (deb(GNOME, f"{BG}/gnome/truchet-l.webp"), False), (deb(L16, f"{BG}/umang_by_Abhishek_Mudgal.jpg"), False),
        (deb(SWAY, f"{BG}/sway/Sway_Wallpaper_Blue_2048x1536.png"), False),
        (dict(screenshot="gallery:nature", dark=False), False), (dict(screenshot="gallery:cameras", dark=True), False)],
    "portrait orientation": [
        (deb(L16, f"{BG}/friends_by_Aitzol_Berasategi.jpg"), True),
        (deb(L16, f"{BG}/Wine_by_Jakkub_Mede.jpg"), False), (plasma("SafeLanding", "1622x2880.jpg"), False),
        (deb(L20, f"{BG}/Kleiber_by_Lukas_Baubkus.jpg", crop=(0.3, 0, 0.37, 1)), False),
        (deb(L16, f"{BG}/seeding_by_Clements_Engelhardt.jpg", crop=(0.1, 0, 0.375, 1)), False)],
    "panoramas (3:1)": [
        (deb(MATE, f"{BG}/mate/abstract/Elephants_5640x3172.jpg", crop=(0, 0.2, 1, 0.59)), True),
        (deb(L16, f"{BG}/seeding_by_Clements_Engelhardt.jpg", crop=(0, 0.2, 1, 0.59)), False),
        (deb(L16, f"{BG}/sunset_by_Aitzol_Berasategi.jpg", crop=(0, 0.3, 1, 0.5)), False),
        (deb(L16, f"{BG}/picosdeeuropa_by_Aitzol_Berasategi.jpg", crop=(0, 0.4, 1, 0.44)), False),
        (deb(L16, f"{BG}/Bridge_by_Sander_Klootwijk.jpg", crop=(0, 0.3, 1, 0.59)), False)],
    "HEIC from phones": [
        (dict(corpus="formats/iphone-13-pro-max.heic"), False),
        (deb(L16, f"{BG}/life_by_Aitzol_Berasategi.jpg", heic=50), False),
        (deb(L16, f"{BG}/Dragonfly_by_Bolly.jpg", heic=50, crop=(0, 0, 0.955, 0.955)), False),
        (deb(L16, f"{BG}/Wine_by_Jakkub_Mede.jpg", heic=50), False)],
    "small web images": [
        (deb(PLASMA, f"{PL}/Autumn/contents/screenshot.jpg"), True), (deb(SWAY, f"{BG}/sway/Sway_Wallpaper_Blue_1136x640.png"), True),
        (deb(L16, f"{BG}/Picture_1A_by_freespace.jpg"), False), (deb(PLASMA, f"{PL}/BytheWater/contents/screenshot.jpg"), False),
        (deb(PLASMA, f"{PL}/ColorfulCups/contents/screenshot.jpg"), False), (plasma("Shell", "720x1440.jpg"), False),
        (dict(corpus="formats/tiny-88x64.jpg"), False), (dict(corpus="cameras/fujifilm-dx10.jpg"), False),
        (dict(corpus="cameras/DSCN0012.jpg"), False),
        (deb(MATE, f"{BG}/mate/nature/FreshFlower.jpg"), False)],
}

# The imgsite under test: it also builds the gallery pages screenshotted.
IMGSITE = None

# Lowered settings: where a tight budget's plans fall.
LOWERED = "jpeg:\n  quality: 60\nwebp:\n  quality: 60\nmax_width: 1600\n"


def extracted(package):
    folder = os.path.join(WORK, "debs", package)
    if not os.path.isdir(folder):
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run(["apt-get", "download", package], cwd=scratch, check=True, capture_output=True)
            name = next(n for n in os.listdir(scratch) if n.endswith(".deb"))
            subprocess.check_call(["dpkg", "-x", os.path.join(scratch, name), folder + ".part"])
        os.rename(folder + ".part", folder)
    return folder


def vips(*arguments):
    subprocess.check_call(["vips", *map(str, arguments)], stdout=subprocess.DEVNULL)


def header(path, field):
    return int(subprocess.check_output(["vipsheader", "-f", field, path], text=True))


def screenshot(source, dark, out):
    """A 2x screenshot of a markdown file as text, or ("gallery:ALBUM") of
    the gallery page imgsite builds from a corpus album (photos among text)."""
    with tempfile.TemporaryDirectory() as scratch:
        if source.startswith("gallery:"):
            site = os.path.join(scratch, "site")
            subprocess.run([IMGSITE, "build", os.path.join(CORPUS, source.split(":")[1]), "-o", site,
                            "--cache-dir", os.path.join(scratch, "cache"), "--quiet"], check=True, capture_output=True)
            page = os.path.join(site, "index.html")
            # The dark one: the page as a browser's dark reader would show it.
            flags = ["--force-dark-mode", "--enable-features=WebContentsForceDark"] if dark else []
        else:
            text = open(os.path.join(ROOT, source)).read().replace("&", "&amp;").replace("<", "&lt;")
            colours = "background:#1e1e1e;color:#ddd" if dark else "background:#fff;color:#222"
            page = os.path.join(scratch, "page.html")
            open(page, "w").write(f"<body style='margin:24px;{colours};font:15px sans-serif'><pre style='white-space:pre-wrap'>{text}</pre>")
            flags = []
        subprocess.run(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *flags,
                        "--force-device-scale-factor=2", "--window-size=1440,900", "--virtual-time-budget=5000",
                        f"--screenshot={out}", page], check=True, capture_output=True)


def make(photo, out):
    """One photo of the set, made from its source as its entry says."""
    if "screenshot" in photo:
        return screenshot(photo["screenshot"], photo["dark"], out)
    source = os.path.join(CORPUS, photo["corpus"]) if "corpus" in photo else os.path.join(extracted(photo["package"]), photo["path"])
    if not any(key in photo for key in ("crop", "noise", "heic")):
        return shutil.copy(source, out)
    with tempfile.TemporaryDirectory() as scratch:
        image = source
        if "crop" in photo:
            width, height = header(source, "width"), header(source, "height")
            left, top, w, h = photo["crop"]
            image = os.path.join(scratch, "crop.v")
            vips("crop", source, image, int(left * width), int(top * height), int(w * width), int(h * height))
        if "noise" in photo:
            width, height = header(image, "width"), header(image, "height")
            bands = []
            for band in range(3):
                bands.append(os.path.join(scratch, f"noise{band}.v"))
                vips("gaussnoise", bands[-1], width, height, "--sigma", photo["noise"], "--mean", 0)
            noise, noisy = os.path.join(scratch, "noise.v"), os.path.join(scratch, "noisy.v")
            vips("bandjoin", " ".join(bands), noise)
            vips("add", image, noise, noisy)
            image = os.path.join(scratch, "noisy-uchar.v")
            vips("cast", noisy, image, "uchar")
        if "heic" in photo:
            vips("heifsave", image, out, "--Q", photo["heic"], "--compression", "hevc")
        else:
            vips("jpegsave", image, out, "--Q", 92)


def label(photo):
    name = (photo.get("screenshot") or photo.get("corpus") or photo["path"]).replace("gallery:", "gallery-")
    base = os.path.splitext(os.path.basename(name))[0]
    if "contents/" in name:
        base = name.split("/")[-4] + ("-" + base if "screenshot" in base else "")
    extension = ".png" if "screenshot" in photo else ".heic" if "heic" in photo else \
        ".jpg" if any(key in photo for key in ("crop", "noise")) else os.path.splitext(name)[1]
    return base + ("-crop" if "crop" in photo else "") + ("-noise" if "noise" in photo else "") + extension


def library(kind, tuned):
    folder = os.path.join(WORK, "set", kind.split(" (")[0].replace(" ", "-"), "tune" if tuned else "held-out")
    photos = [photo for photo, tune in KINDS[kind] if tune == tuned and ("screenshot" not in photo or shutil.which("chromium"))]
    if not photos:
        return None
    album = os.path.join(folder, "a")
    os.makedirs(album, exist_ok=True)
    for photo in photos:
        out = os.path.join(album, label(photo))
        if not os.path.exists(out):
            make(photo, out + ".part" + os.path.splitext(out)[1])
            os.rename(out + ".part" + os.path.splitext(out)[1], out)
    return folder


def planned_and_built(imgsite, photos, settings=""):
    """A clean build under a budget that gives nothing up: (planned, built) whole-site bytes."""
    with tempfile.TemporaryDirectory() as scratch:
        config, report = os.path.join(scratch, "imgsite.yml"), os.path.join(scratch, "report.json")
        open(config, "w").write(settings + "budgets:\n  site: 900 GB\n")
        subprocess.run([imgsite, "build", photos, "-o", os.path.join(scratch, "site"), "--config", config,
                        "--cache-dir", os.path.join(scratch, "cache"), "--report", report, "--quiet"], check=True, capture_output=True)
        budget = json.load(open(report))["budget"]
        return budget["predicted"]["bytes"], budget["built"]["bytes"]


def per_photo(imgsite, folder, settings):
    album = os.path.join(folder, "a")
    for name in sorted(os.listdir(album)):
        with tempfile.TemporaryDirectory() as scratch:
            os.makedirs(os.path.join(scratch, "a"))
            os.symlink(os.path.join(album, name), os.path.join(scratch, "a", name))
            planned, built = planned_and_built(imgsite, scratch, settings)
            print(f"    {name:48}{planned / 1e6:9.2f}{built / 1e6:9.2f}{(built / planned - 1) * 100:+8.1f} %")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    global IMGSITE
    imgsite = IMGSITE = os.path.abspath(sys.argv[1])
    only = sys.argv[sys.argv.index("--kind") + 1] if "--kind" in sys.argv else None
    print("| kind of content | photos | planned MB | built MB | error | at lowered settings |\n|---|---|---|---|---|---|")
    worst = 0.0
    for kind in KINDS:
        if only and not kind.startswith(only):
            continue
        for tuned in (True, False):
            folder = library(kind, tuned)
            if not folder:
                continue
            count = len(os.listdir(os.path.join(folder, "a")))
            planned, built = planned_and_built(imgsite, folder)
            low_planned, low_built = planned_and_built(imgsite, folder, LOWERED)
            error, low_error = built / planned - 1, low_built / low_planned - 1
            if not tuned:
                worst = max(worst, abs(error), abs(low_error))
            print(f"| {kind}, {'tune' if tuned else 'held out'} | {count} | {planned / 1e6:.2f} | {built / 1e6:.2f} "
                  f"| {error * 100:+.1f} % | {low_error * 100:+.1f} % ({low_planned / 1e6:.2f} → {low_built / 1e6:.2f} MB) |", flush=True)
            if "--per-photo" in sys.argv:
                for settings in ("", LOWERED):
                    per_photo(imgsite, folder, settings)
    print(f"\nworst error on held-out photos: {worst * 100:.1f} %")


if __name__ == "__main__":
    main()
