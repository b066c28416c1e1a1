#!/usr/bin/env python3
"""make soak: imgsite on a generated library of 10,000 distinct photos.

Generates the library once (scripts/soak/make-library.c, no network) into
SOAK_DIR (default .build/soak), then for 1,000 and 10,000 photos: a clean
build (empty output and cache), then a no-op rebuild. Then one 95-megapixel
photo with --jobs 1, and two of them with --jobs 2, for the memory bound.
Prints wall time, CPU (user + system) and peak RSS of each run; fails if a
run crashes or its summary is not what it should be.
"""
import os, re, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "Corpus", "photos")
# IMGSITE=<binary>: another build, for side-by-side figures (an older commit's).
IMGSITE = os.environ.get("IMGSITE", os.path.join(ROOT, ".build", "release", "imgsite"))
SOAK = os.path.abspath(os.environ.get("SOAK_DIR", os.path.join(ROOT, ".build", "soak")))
SIDES = ("120", "320")  # long side of the generated photos, px


def run(command, env=None):
    """Runs a child; returns (status, output, wall s, cpu s, peak RSS MiB)."""
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             env=dict(os.environ, **(env or {})))
    output = child.stdout.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    return (os.waitstatus_to_exitcode(status), output, time.monotonic() - start,
            usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def generate(folder, count, albums):
    marker = os.path.join(folder, ".complete")
    if os.path.exists(marker):
        return
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(SOAK, exist_ok=True)  # make bench may come before any make soak
    generator = os.path.join(SOAK, "make-library")
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "vips"], text=True).split()
    subprocess.check_call(["cc", "-O2", "-o", generator, os.path.join(ROOT, "scripts", "soak", "make-library.c")] + flags)
    print(f"generating {count} photos in {folder} …", flush=True)
    subprocess.check_call([generator, CORPUS, folder, str(count), str(albums), *SIDES])
    open(marker, "w").close()


def summary(output):
    lines = [l for l in output.splitlines() if l.startswith("built ")]
    return lines[-1] if lines else output.strip().splitlines()[-1:] or ["(no output)"]


def build(name, library, site, cache, expect, jobs=None):
    command = [IMGSITE, "build", library, "-o", site, "--cache-dir", cache, "-q"]
    if jobs:
        command += ["--jobs", str(jobs)]
    status, output, wall, cpu, rss = run(command)
    line = summary(output)
    ok = status == 0 and re.match(expect, line if isinstance(line, str) else "") is not None
    print(f"{name:34}{wall:9.1f}{cpu:9.1f}{rss:10.0f}  {'ok' if ok else 'FAILED'}", flush=True)
    if not ok:
        print(f"  status {status}; expected /{expect}/; got: {line}\n{output[-2000:]}")
    return ok


def main():
    os.makedirs(SOAK, exist_ok=True)
    big = os.path.join(SOAK, "library-10000")
    small = os.path.join(SOAK, "library-1000")
    generate(big, 10000, 20)
    generate(small, 1000, 2)
    huge = os.path.join(SOAK, "huge")
    one, two = os.path.join(huge, "a", "one.jpg"), os.path.join(huge, "b", "two.jpg")
    # Two distinct photos: the cache would serve a copy of the first from its content.
    if not os.path.exists(two) or open(one, "rb").read() == open(two, "rb").read():
        os.makedirs(os.path.join(huge, "a"), exist_ok=True)
        os.makedirs(os.path.join(huge, "b"), exist_ok=True)
        source = os.path.join(CORPUS, "large", "string.jpg")  # 3640 × 2400
        subprocess.check_call(["vips", "resize", source, one + "[Q=90]", "3.3"])
        subprocess.check_call(["vips", "flip", one, two + "[Q=90]", "horizontal"])

    work = os.path.join(SOAK, "runs")
    shutil.rmtree(work, ignore_errors=True)
    print(f"\n{'run':34}{'wall s':>9}{'CPU s':>9}{'peak MiB':>10}")
    ok = True
    for count, library in ((1000, small), (10000, big)):
        site, cache = os.path.join(work, f"site-{count}"), os.path.join(work, f"cache-{count}")
        ok &= build(f"{count:,} photos, clean build", library, site, cache, rf"built {count}, up to date 0, failed 0")
        ok &= build(f"{count:,} photos, no-op rebuild", library, site, cache, rf"built 0, up to date {count}, failed 0")
    one = os.path.join(work, "huge-one")
    os.makedirs(one)
    os.symlink(os.path.join(huge, "a"), os.path.join(one, "a"))
    ok &= build("one 95 MP photo, --jobs 1", one, os.path.join(work, "site-h1"), os.path.join(work, "cache-h1"),
                r"built 1, up to date 0, failed 0", jobs=1)
    ok &= build("two 95 MP photos, --jobs 1", huge, os.path.join(work, "site-h2"), os.path.join(work, "cache-h2"),
                r"built 2, up to date 0, failed 0", jobs=1)
    ok &= build("two 95 MP photos, --jobs 2", huge, os.path.join(work, "site-h3"), os.path.join(work, "cache-h3"),
                r"built 2, up to date 0, failed 0", jobs=2)
    shutil.rmtree(work, ignore_errors=True)
    print("soak passed" if ok else "soak FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
