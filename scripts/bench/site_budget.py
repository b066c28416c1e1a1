#!/usr/bin/env python3
"""make bench-budget: whole-site budgets as a ceiling.

1. Sweeps, on 3 detailed wallpapers (Debian's mate-backgrounds Elephants at
   5640 and 3840 px and ukui-wallpapers' rhythm, 34 MB together; fetched with
   apt-get download) and on 16 photos of 6000 x 4000 (mosaics of the corpus's
   photos at their native resolution, as `make bench-site-size` makes them):
   the least budget (what a refusal asks for), the site built without a
   budget, and 8 budgets between them, each a clean build: every one ends
   within its budget with exit 0 and every photo page names files that are
   there. Passes (2 when the first pass measured over and the site was
   encoded again) and seconds per budget. A budget below the least: exit 2,
   nothing written.
2. The ceiling's cost on 100 photos of 6000 x 4000: a clean build at three
   budgets against a clean build with the settings it ended with written in
   imgsite.yml (the same work, no budget), and the site's own settings.
3. 3,000 photos (the 16, linked under 25 albums of 120) into 1 GB, GitHub
   Pages' limit, and into 20,000 files, Cloudflare Pages': the plans only
   (read from --verbose; each build is stopped once processing starts).
4. The second pass on the 100 photos: a plan made to err low (the budget's
   kept plan with its last site-wide move undone, in an otherwise empty
   cache): the first pass's and the ceiling's seconds (traced), the photos
   read again, peak RSS.

  site_budget.py IMGSITE [--quick | --cost | --second-pass]
  (--quick: parts 1 and 3; --cost: part 2; --second-pass: part 4)
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import site_size  # noqa: E402

WORK = os.path.join(site_size.WORK, "budget")
def mosaics(count):
    folder = os.path.join(WORK, f"mosaics-{count}", "a")
    os.makedirs(folder, exist_ok=True)
    sources = site_size.decoded_sources()
    for number in range(count):
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


def build(imgsite, photos, config_text, scratch, report=False):
    """A clean build (fresh output and cache): (process, site, seconds, report)."""
    config = os.path.join(scratch, "imgsite.yml")
    with open(config, "w") as handle:
        handle.write(config_text)
    site, cache = os.path.join(scratch, "site"), os.path.join(scratch, "cache")
    for folder in (site, cache):
        shutil.rmtree(folder, ignore_errors=True)
    report_file = os.path.join(scratch, "report.json")
    # The last build's files written out first: their writeback must not land in this one's time.
    os.sync()
    start = time.time()
    run = subprocess.run([imgsite, "build", photos, "-o", site, "--config", config, "--cache-dir", cache, "--report", report_file],
                         capture_output=True, text=True)
    seconds = time.time() - start
    data = json.load(open(report_file)) if run.returncode in (0, 1) and os.path.exists(report_file) else None
    return run, site, seconds, data


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


def least_budget(imgsite, photos, scratch):
    run, site, _, _ = build(imgsite, photos, "budgets: { site: 1 KB }\n", scratch)
    assert run.returncode == 2 and not os.path.exists(site), f"exit {run.returncode}: {run.stderr}"
    match = re.search(r"give at least ([0-9.]+) (KB|MB|GB)", run.stderr)
    return int(float(match.group(1)) * {"KB": 1e3, "MB": 1e6, "GB": 1e9}[match.group(2)]), run.stderr.strip()


def sweep(imgsite, name, photos, scratch):
    count = len(os.listdir(os.path.join(photos, "a")))
    least, refusal = least_budget(imgsite, photos, scratch)
    run, site, plain_seconds, _ = build(imgsite, photos, "", scratch)
    assert run.returncode == 0, run.stderr
    _, whole = folder_size(site)
    print(f"\n{name}: the least budget {least / 1e6:.2f} MB, the site without one {whole / 1e6:.2f} MB ({plain_seconds:.1f} s)")
    print("| budget | built | planned | first pass | passes | seconds |\n|---|---|---|---|---|---|")
    over = 0
    for step in range(8):
        budget = least + (whole - least) * step // 7
        run, site, seconds, report = build(imgsite, photos, f"budgets: {{ site: {budget} B }}\n", scratch)
        assert run.returncode == 0, f"budget {budget}: exit {run.returncode}: {run.stderr}"
        files, total = folder_size(site)
        assert check_pages(site) == count
        plan = report["budget"]
        first = plan.get("firstPass", {}).get("bytes")
        over += total > budget
        print(f"| {budget / 1e6:.2f} MB | {total / 1e6:.2f} MB{' OVER' if total > budget else ''} | {plan['predicted']['bytes'] / 1e6:.2f} MB "
              f"| {f'{first / 1e6:.2f} MB' if first else '–'} | {plan['passes']} | {seconds:.1f} |")
    run, site, _, _ = build(imgsite, photos, f"budgets: {{ site: {least * 9 // 10} B }}\n", scratch)
    assert run.returncode == 2 and not os.path.exists(site), f"below the least: exit {run.returncode}"
    print(f"{'every budget held' if over == 0 else f'{over} budgets ended over'}; "
          f"{least * 9 // 10 / 1e6:.2f} MB (below the least): exit 2, nothing written")
    return over


def settings_yaml(gave_up):
    """imgsite.yml for the settings a budget ended with (its report's gaveUp):
    the site's plan; what the second pass gave single photos ("quality 75 on
    3 photos") has no imgsite.yml of its own, and is left to the budget."""
    lines = []
    for item in gave_up:
        if " on " in item["setting"]:
            continue
        key, _, value = item["setting"].partition(" ")
        if key == "quality":
            lines += [f"jpeg: {{ quality: {value} }}", f"webp: {{ quality: {value} }}"]
        elif key == "jpeg.widths":
            lines.append(f"jpeg: {{ widths: {value} }}")
        else:
            lines.append(f"{key}: {value}")
    # jpeg: twice (quality and widths) is one mapping.
    jpeg = [line[len("jpeg: { "):-2] for line in lines if line.startswith("jpeg:")]
    lines = [line for line in lines if not line.startswith("jpeg:")] + ([f"jpeg: {{ {', '.join(jpeg)} }}"] if jpeg else [])
    return "\n".join(lines) + "\n"


def cost(imgsite, scratch):
    photos = mosaics(100)
    run, site, plain, _ = build(imgsite, photos, "", scratch)
    assert run.returncode == 0, run.stderr
    _, whole = folder_size(site)
    print(f"\n100 photos of 6000 x 4000: the site without a budget {whole / 1e6:.0f} MB in {plain:.1f} s")
    print("| budget | built | passes | with the budget | same settings, no budget | extra |\n|---|---|---|---|---|---|")
    for share in (0.6, 0.35, 0.15):
        budget = int(whole * share)
        # Each build three times, alternately: the median of each (one run
        # of a 10-second build strays by a tenth).
        times, same_times = [], []
        for _ in range(3):
            run, site, seconds, report = build(imgsite, photos, f"budgets: {{ site: {budget} B }}\n", scratch)
            assert run.returncode == 0, run.stderr
            _, total = folder_size(site)
            plan = report["budget"]
            same = settings_yaml(plan["gaveUp"])
            times.append(seconds)
            run, _, same_seconds, _ = build(imgsite, photos, same, scratch)
            assert run.returncode == 0, f"{same}: {run.stderr}"
            same_times.append(same_seconds)
        seconds, same_seconds = sorted(times)[1], sorted(same_times)[1]
        print(f"| {budget / 1e6:.0f} MB ({share:.0%}) | {total / 1e6:.1f} MB | {plan['passes']} | {seconds:.1f} s | {same_seconds:.1f} s "
              f"| {(seconds / same_seconds - 1) * 100:+.0f} % |")


def second_pass(imgsite, scratch):
    photos = mosaics(100)
    run, site, _, _ = build(imgsite, photos, "", scratch)
    assert run.returncode == 0, run.stderr
    whole = folder_size(site)[1]
    for share in (0.6, 0.35):
        budget = int(whole * share)
        config_text = f"budgets: {{ site: {budget} B }}\n"
        run, site, _, report = build(imgsite, photos, config_text, scratch)
        assert run.returncode == 0 and report["budget"]["passes"] == 1, run.stderr
        cache = os.path.join(scratch, "cache")
        plan = os.path.join(cache, next(name for name in os.listdir(cache) if name.startswith("budget-plan-")))
        saved = json.load(open(plan))
        undone = saved["plan"]["moves"].pop()
        # Only the plan is kept: every file is encoded anew, as on a library the plan erred on.
        shutil.rmtree(cache)
        os.makedirs(cache)
        json.dump(saved, open(plan, "w"))
        shutil.rmtree(site)
        print(f"\nThe second pass on 100 photos of 6000 x 4000 under {budget / 1e6:.0f} MB ({share:.0%}), the plan's last move undone: {undone}")
        report_file = os.path.join(scratch, "report.json")
        os.sync()
        start = time.time()
        process = subprocess.Popen([imgsite, "build", photos, "-o", site, "--config", os.path.join(scratch, "imgsite.yml"),
                                    "--cache-dir", cache, "--report", report_file],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=dict(os.environ, IMGSITE_TRACE="1"))
        errors = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.time() - start
        assert os.waitstatus_to_exitcode(status) == 0, errors[-2000:]
        step = {part: float(value) for part, value in re.findall(r"^imgsite: (process|ceiling) ([0-9.]+) seconds", errors, re.M)}
        report = json.load(open(report_file))
        assert folder_size(site)[1] <= budget
        again = report["summary"]["sourcesRead"] - 100
        print(f"  first pass {step['process']:.1f} s, ceiling {step['ceiling']:.1f} s ({again} photos read and encoded again, "
              f"{report['budget']['passes']} passes), whole build {seconds:.1f} s, peak RSS {usage.ru_maxrss / 1024:.0f} MiB")


def plans(imgsite, scratch):
    photos = mosaics(16)
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
                                    "--cache-dir", os.path.join(scratch, "big-cache"), "--verbose"],
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


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    imgsite = os.path.abspath(sys.argv[1])
    scratch = tempfile.mkdtemp(prefix="imgsite-budget-")
    try:
        over = 0
        if "--cost" in sys.argv:
            cost(imgsite, scratch)
            return
        if "--second-pass" in sys.argv:
            second_pass(imgsite, scratch)
            return
        detailed = site_size.wallpapers()
        if detailed:
            over += sweep(imgsite, "3 detailed wallpapers (34 MB)", detailed, scratch)
        over += sweep(imgsite, "16 photos of 6000 x 4000", mosaics(16), scratch)
        if "--quick" not in sys.argv:
            cost(imgsite, scratch)
            second_pass(imgsite, scratch)
        plans(imgsite, scratch)
        if over:
            sys.exit(f"{over} budgets ended over")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
