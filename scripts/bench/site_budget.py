#!/usr/bin/env python3
"""make bench-budget: whole-site budgets on 24 MP camera-sized photos.

1. 16 photos of 6000 x 4000 (mosaics of the corpus's large photos at their
   native resolution, as `make bench-site-size` makes them) built into
   `budgets.site: 12 MB`: the plan, the site as built (bytes, files), and
   that every photo has its page and the files its page names.
2. The same into `budgets.files: 100`.
3. A budget too small (300 KB): refused before anything is written, exit 2.
4. 3,000 photos (the 16, linked under 25 albums of 120) into 1 GB, GitHub
   Pages' limit, and into 20,000 files, Cloudflare Pages': the plans only
   (read from --verbose; each build is stopped once processing starts).

  site_budget.py IMGSITE
"""
import os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import site_size  # noqa: E402

WORK = os.path.join(site_size.WORK, "budget")


def library():
    folder = os.path.join(WORK, "photos", "a")
    os.makedirs(folder, exist_ok=True)
    sources = site_size.decoded_sources()
    for number in range(16):
        out = os.path.join(folder, f"photo-{number + 1}.jpg")
        if not os.path.exists(out):
            site_size.mosaic(sources, number, 3, 3, 2000, 1334, out)
    return os.path.dirname(folder)


def folder_size(folder):
    files = total = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            if name != ".imgsite.lock":
                files += 1
                total += os.path.getsize(os.path.join(parent, name))
    return files, total


def build(imgsite, photos, config_text, scratch):
    config = os.path.join(scratch, "imgsite.yml")
    with open(config, "w") as handle:
        handle.write(config_text)
    site = os.path.join(scratch, "site")
    shutil.rmtree(site, ignore_errors=True)
    start = time.time()
    run = subprocess.run([imgsite, "build", photos, "-o", site, "--config", config, "--cache-dir", os.path.join(scratch, "cache")],
                         capture_output=True, text=True)
    return run, site, time.time() - start


def check_pages(site):
    """Every photo page names files that are there."""
    pages = [os.path.join(parent, name) for parent, _, names in os.walk(site) for name in names
             if name.endswith(".html") and name != "index.html"]
    for page in pages:
        html = open(page).read()
        names = re.findall(r'_img/[^" ,]+', html)
        assert names, f"{page} names no image"
        for name in names:
            assert os.path.exists(os.path.join(os.path.dirname(page), name)), f"{page}: {name} is missing"
    return len(pages)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    imgsite = os.path.abspath(sys.argv[1])
    photos = library()
    source_bytes = sum(os.path.getsize(os.path.join(photos, "a", n)) for n in os.listdir(os.path.join(photos, "a")))
    print(f"16 photos of 6000 x 4000, {source_bytes / 1e6:.1f} MB")
    scratch = tempfile.mkdtemp(prefix="imgsite-budget-")
    try:
        for config in ["budgets: { site: 12 MB }\n", "budgets: { files: 100 }\n"]:
            run, site, seconds = build(imgsite, photos, config, scratch)
            assert run.returncode == 0, run.stdout + run.stderr
            files, total = folder_size(site)
            pages = check_pages(site)
            print(f"\n{config.strip()}: {seconds:.1f} s")
            print("  " + run.stdout.strip().splitlines()[-1])
            print(f"  built: {total / 1e6:.2f} MB in {files} files; {pages} photo pages, each naming files that are there")
        run, site, _ = build(imgsite, photos, "budgets: { site: 300 KB }\n", scratch)
        assert run.returncode == 2 and not os.listdir(site), f"exit {run.returncode}: {run.stderr}"
        print(f"\nbudgets: {{ site: 300 KB }}: exit 2, nothing written\n  {run.stderr.strip()}")

        # 3,000 photos: links to the 16 under 25 albums, planned only.
        big = os.path.join(scratch, "big")
        for album in range(25):
            os.makedirs(os.path.join(big, f"album-{album + 1}"))
            for index in range(120):
                number = (album * 120 + index) % 16 + 1
                os.symlink(os.path.join(photos, "a", f"photo-{number}.jpg"), os.path.join(big, f"album-{album + 1}", f"p{index + 1}.jpg"))
        for budget in ["site: 1 GB", "files: 20000"]:
            config = os.path.join(scratch, "imgsite.yml")
            open(config, "w").write(f"budgets: {{ {budget} }}\n")
            start = time.time()
            process = subprocess.Popen([imgsite, "build", big, "-o", os.path.join(scratch, "big-site"), "--config", config,
                                        "--cache-dir", os.path.join(scratch, "cache"), "--verbose"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            plan = None
            for line in process.stderr:
                if line.startswith("step: budget ") and "planned" in line:
                    plan = line.strip()[len("step: "):]
                if line.startswith("step: process"):
                    break
            process.kill()
            process.wait()
            print(f"\n3,000 photos (25 albums) into budgets: {{ {budget} }}, planned in {time.time() - start:.1f} s:\n  {plan}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
