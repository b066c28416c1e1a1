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
5. Library-sized (--library only, about 45 minutes, 20 of them making the
   photos the first time): 1,000 distinct photos of 6000 x 4000, a clean
   build without a budget, then under 35 % of that site: built, planned and
   the plan's error, passes, the planning's seconds (traced), the build
   against the same settings without a budget, peak RSS, a no-op rebuild.

  site_budget.py IMGSITE [--quick | --cost | --second-pass | --library [--unbudgeted-bytes N]]
  (--quick: parts 1 and 3; --cost: part 2; --second-pass: part 4;
  --library: part 5, its unbudgeted build skipped when an earlier run gave N)
"""
import collections, concurrent.futures, json, os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import site_size  # noqa: E402

WORK = os.path.join(site_size.WORK, "budget")
def mosaics(count):
    """A folder whose album holds the first `count` mosaics of 6000 x 4000,
    each made once (on every core) into a pool the counts share."""
    pool = os.path.join(WORK, "mosaics")
    os.makedirs(pool, exist_ok=True)
    sources = site_size.decoded_sources()
    missing = [number for number in range(count) if not os.path.exists(os.path.join(pool, f"photo-{number + 1}.jpg"))]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as workers:
        list(workers.map(lambda number: site_size.mosaic(
            sources, number, 3, 3, 2000, 1334, os.path.join(pool, f"photo-{number + 1}.jpg")), missing))
    folder = os.path.join(WORK, f"mosaics-{count}", "a")
    shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
    os.makedirs(folder)
    for number in range(count):
        os.link(os.path.join(pool, f"photo-{number + 1}.jpg"), os.path.join(folder, f"photo-{number + 1}.jpg"))
    return os.path.dirname(folder)


def folder_size(folder):
    files = total = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            if name != ".imgsite.lock":
                files += 1
                total += os.path.getsize(os.path.join(parent, name))
    return files, total


Built = collections.namedtuple("Built", "run site seconds report rss")


def build(imgsite, photos, config_text, scratch, rebuild=False, env=None):
    """A clean build (fresh output folder and cache), or with `rebuild` one
    on the last build's: the process, the site, seconds, the report, peak
    RSS (MiB)."""
    config = os.path.join(scratch, "imgsite.yml")
    with open(config, "w") as handle:
        handle.write(config_text)
    site, cache = os.path.join(scratch, "site"), os.path.join(scratch, "cache")
    for folder in () if rebuild else (site, cache):
        shutil.rmtree(folder, ignore_errors=True)
    report_file = os.path.join(scratch, "report.json")
    arguments = [imgsite, "build", photos, "-o", site, "--config", config, "--cache-dir", cache, "--report", report_file]
    # The last build's files written out first: their writeback must not land in this one's time.
    os.sync()
    with tempfile.TemporaryFile("w+") as output, tempfile.TemporaryFile("w+") as errors:
        start = time.time()
        process = subprocess.Popen(arguments, stdout=output, stderr=errors, text=True, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.time() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        errors.seek(0)
        run = subprocess.CompletedProcess(arguments, process.returncode, output.read(), errors.read())
    data = json.load(open(report_file)) if run.returncode in (0, 1) and os.path.exists(report_file) else None
    return Built(run, site, seconds, data, usage.ru_maxrss / 1024)


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
    run, site, _, _, _ = build(imgsite, photos, "budgets: { site: 1 KB }\n", scratch)
    assert run.returncode == 2 and not os.path.exists(site), f"exit {run.returncode}: {run.stderr}"
    match = re.search(r"give at least ([0-9.]+) (KB|MB|GB)", run.stderr)
    return int(float(match.group(1)) * {"KB": 1e3, "MB": 1e6, "GB": 1e9}[match.group(2)]), run.stderr.strip()


def sweep(imgsite, name, photos, scratch):
    count = len(os.listdir(os.path.join(photos, "a")))
    least, refusal = least_budget(imgsite, photos, scratch)
    run, site, plain_seconds, _, _ = build(imgsite, photos, "", scratch)
    assert run.returncode == 0, run.stderr
    _, whole = folder_size(site)
    print(f"\n{name}: the least budget {least / 1e6:.2f} MB, the site without one {whole / 1e6:.2f} MB ({plain_seconds:.1f} s)")
    print("| budget | built | planned | first pass | passes | seconds |\n|---|---|---|---|---|---|")
    over = 0
    for step in range(8):
        budget = least + (whole - least) * step // 7
        run, site, seconds, report, _ = build(imgsite, photos, f"budgets: {{ site: {budget} B }}\n", scratch)
        assert run.returncode == 0, f"budget {budget}: exit {run.returncode}: {run.stderr}"
        files, total = folder_size(site)
        assert check_pages(site) == count
        plan = report["budget"]
        first = plan.get("firstPass", {}).get("bytes")
        over += total > budget
        print(f"| {budget / 1e6:.2f} MB | {total / 1e6:.2f} MB{' OVER' if total > budget else ''} | {plan['predicted']['bytes'] / 1e6:.2f} MB "
              f"| {f'{first / 1e6:.2f} MB' if first else '–'} | {plan['passes']} | {seconds:.1f} |")
    run, site, _, _, _ = build(imgsite, photos, f"budgets: {{ site: {least * 9 // 10} B }}\n", scratch)
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
    run, site, plain, _, _ = build(imgsite, photos, "", scratch)
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
            run, site, seconds, report, _ = build(imgsite, photos, f"budgets: {{ site: {budget} B }}\n", scratch)
            assert run.returncode == 0, run.stderr
            _, total = folder_size(site)
            plan = report["budget"]
            same = settings_yaml(plan["gaveUp"])
            times.append(seconds)
            run, _, same_seconds, _, _ = build(imgsite, photos, same, scratch)
            assert run.returncode == 0, f"{same}: {run.stderr}"
            same_times.append(same_seconds)
        seconds, same_seconds = sorted(times)[1], sorted(same_times)[1]
        print(f"| {budget / 1e6:.0f} MB ({share:.0%}) | {total / 1e6:.1f} MB | {plan['passes']} | {seconds:.1f} s | {same_seconds:.1f} s "
              f"| {(seconds / same_seconds - 1) * 100:+.0f} % |")


def second_pass(imgsite, scratch):
    photos = mosaics(100)
    run, site, _, _, _ = build(imgsite, photos, "", scratch)
    assert run.returncode == 0, run.stderr
    whole = folder_size(site)[1]
    for share in (0.6, 0.35):
        budget = int(whole * share)
        config_text = f"budgets: {{ site: {budget} B }}\n"
        run, site, _, report, _ = build(imgsite, photos, config_text, scratch)
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
        again = build(imgsite, photos, config_text, scratch, rebuild=True, env=dict(os.environ, IMGSITE_TRACE="1"))
        assert again.run.returncode == 0, again.run.stderr[-2000:]
        step = traced_steps(again.run.stderr)
        assert folder_size(again.site)[1] <= budget
        read = again.report["summary"]["sourcesRead"] - 100
        print(f"  first pass {step['process']:.1f} s, ceiling {step['ceiling']:.1f} s ({read} photos read and encoded again, "
              f"{again.report['budget']['passes']} passes), whole build {again.seconds:.1f} s, peak RSS {again.rss:.0f} MiB")


def traced_steps(errors):
    """Seconds of each step a build under IMGSITE_TRACE=1 printed."""
    return {part: float(value) for part, value in re.findall(r"^imgsite: (\w+) ([0-9.]+) seconds", errors, re.M)}


def library(imgsite, scratch, count=1000, unbudgeted=None):
    """A library-sized budgeted build: `count` distinct photos of 24 MP.
    `unbudgeted`: the site's bytes without a budget, from an earlier run."""
    photos = mosaics(count)
    trace = dict(os.environ, IMGSITE_TRACE="1")
    if unbudgeted is None:
        plain = build(imgsite, photos, "", scratch)
        assert plain.run.returncode == 0, plain.run.stderr[-2000:]
        unbudgeted = folder_size(plain.site)[1]
        print(f"\n{count} photos of 6000 x 4000 without a budget: {unbudgeted / 1e6:.0f} MB in {plain.seconds:.0f} s, "
              f"peak RSS {plain.rss:.0f} MiB")
    print("| budget | built | planned | error | passes | planning | with the budget | same settings, no budget | extra | peak RSS | no-op |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")
    for share in (0.35,):
        budget = int(unbudgeted * share)
        budgeted = build(imgsite, photos, f"budgets: {{ site: {budget} B }}\n", scratch, env=trace)
        assert budgeted.run.returncode == 0, budgeted.run.stderr[-2000:]
        files, total = folder_size(budgeted.site)
        shown = len([name for name in os.listdir(os.path.join(budgeted.site, "a")) if re.fullmatch(r"photo-[0-9]+\.html", name)])
        plan = budgeted.report["budget"]
        planned = plan["predicted"]["bytes"]
        planning = traced_steps(budgeted.run.stderr).get("settings", 0)
        print(f"| {budget / 1e6:.0f} MB ({share:.0%}) | {total / 1e6:.1f} MB | {planned / 1e6:.1f} MB | {(planned / total - 1) * 100:+.1f} % "
              f"| {plan['passes']} | {planning:.1f} s | {budgeted.seconds:.0f} s | ", end="", flush=True)
        assert total <= budget and shown == count, f"{total} bytes of {budget}, {shown} photo pages of {count}"
        check_pages(budgeted.site)
        again = build(imgsite, photos, f"budgets: {{ site: {budget} B }}\n", scratch, rebuild=True)
        assert again.run.returncode == 0 and folder_size(again.site) == (files, total), again.run.stderr[-2000:]
        same = build(imgsite, photos, settings_yaml(plan["gaveUp"]), scratch)
        assert same.run.returncode == 0, same.run.stderr[-2000:]
        print(f"{same.seconds:.0f} s | {(budgeted.seconds / same.seconds - 1) * 100:+.0f} % | {budgeted.rss:.0f} MiB | {again.seconds:.1f} s |")
        print(f"  gave up: {', '.join(item['setting'] for item in plan['gaveUp'])}")


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
        if "--library" in sys.argv:
            given = sys.argv[sys.argv.index("--unbudgeted-bytes") + 1] if "--unbudgeted-bytes" in sys.argv else None
            library(imgsite, scratch, unbudgeted=int(given) if given else None)
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
