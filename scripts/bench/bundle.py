#!/usr/bin/env python3
"""make bench-bundle: the release bundle's imgsite against the apt build's, side by side.

Two kinds of work, each tool from cold (its own empty cache) in every round,
the order alternating between rounds:
  library: 100 photos of 24 MP (bench-site-size's mosaics: crops of the
           corpus's large photos at native resolution, made once into
           .build/site-size/) built with the default settings;
  peers:   bench-peers' equal work (32 corpus photos to an 800 px JPEG and a
           280 px thumbnail with pages).
Reports the median wall and CPU time of each, and the bundle's ratio to the
apt build's (the release bundle must be within 5 %).

usage: bundle.py APT_IMGSITE BUNDLE_IMGSITE [ROUNDS]
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import site_size  # noqa: E402  (the 24 MP mosaics)
import peers  # noqa: E402  (the equal work's photos and config)

PHOTOS = 100


def library():
    """100 mosaics of 24 MP, made once (about 2 minutes the first time)."""
    site_size.LIBRARIES["24 MP × 100"] = (PHOTOS, 3, 3, 2000, 1334)
    return site_size.library("24 MP × 100", site_size.decoded_sources())


def build(imgsite, photos, work, config=None):
    out, cache = os.path.join(work, "out"), os.path.join(work, "cache")
    for folder in (out, cache):
        shutil.rmtree(folder, ignore_errors=True)
    command = [imgsite, "build", photos, "-o", out, "--cache-dir", cache, "--quiet"]
    if config:
        command += ["--config", config]
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"{imgsite} failed ({status}): {child.stderr.read().decode()[-2000:]}")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main():
    apt, bundle = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    work = tempfile.mkdtemp(prefix="imgsite-bench-bundle-")
    photos = library()
    equal = os.path.join(work, "peers")
    for album in peers.ALBUMS:
        shutil.copytree(os.path.join(peers.CORPUS, album), os.path.join(equal, "photos", album))
    config = os.path.join(equal, "imgsite.yml")
    with open(config, "w") as f:
        f.write(peers.IMGSITE_CONFIG)
    tools = [("apt build", apt), ("release bundle", bundle)]
    works = [("100 × 24 MP, default settings", photos, None), ("bench-peers' equal work (32 photos)", os.path.join(equal, "photos"), config)]
    for binary in (apt, bundle):
        print(subprocess.check_output([binary, "--version"], text=True).splitlines()[:3])
    results = {(w, t): [] for w, _, _ in works for t, _ in tools}
    for index in range(rounds):
        for name, photos_, config_ in works:
            for tool, binary in (tools if index % 2 == 0 else tools[::-1]):
                results[(name, tool)].append(build(binary, photos_, work, config_))
            print(f"round {index + 1}, {name}: " + ", ".join(f"{t} {results[(name, t)][-1][0]:.2f} s" for t, _ in tools), flush=True)
    print()
    print("| work | apt build: wall, CPU (median) | release bundle: wall, CPU | bundle ÷ apt (wall, CPU) |")
    print("|---|---|---|---|")
    for name, _, _ in works:
        (aw, ac), (bw, bc) = [(statistics.median(r[0] for r in results[(name, t)]), statistics.median(r[1] for r in results[(name, t)]))
                              for t, _ in tools]
        print(f"| {name} | {aw:.2f} s, {ac:.2f} s | {bw:.2f} s, {bc:.2f} s | {bw / aw:.3f}, {bc / ac:.3f} |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
