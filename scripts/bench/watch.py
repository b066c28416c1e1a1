#!/usr/bin/env python3
"""make bench, part 2: the cache and watch-mode figures.

1. No-op rebuild of the generated 10,000-photo library (scripts/soak,
   generated once into .build/soak): wall time and peak RSS, best and median
   of 3 after one clean build. Target: ≤ 0.5 s and ≤ 150 MB.
2. `imgsite watch` on a small library holding one 12-megapixel JPEG (made
   once from a corpus photo by libvips): from saving a changed 12 MP photo
   (write a temporary file, rename it over the old one, as editors do) to
   the `reload` Server-Sent Event. Default formats: JPEG and WebP. Target:
   ≤ 1.5 s.
3. Same session: from saving a template to the `reload` event. Target: ≤ 0.3 s.
"""
import os, re, shutil, socket, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts", "soak"))
import soak  # noqa: E402  (the library generator)

IMGSITE = soak.IMGSITE
ROUNDS = 3


def timed(command):
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = child.stdout.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"imgsite failed:\n{output[-2000:]}")
    return time.monotonic() - start, usage.ru_maxrss / 1024, output


def no_op():
    library = os.path.join(soak.SOAK, "library-10000")
    soak.generate(library, 10000, 20)
    site, cache = os.path.join(soak.SOAK, "bench-site"), os.path.join(soak.SOAK, "bench-cache")
    command = [IMGSITE, "build", library, "-o", site, "--cache-dir", cache, "-q"]
    print("clean build of the 10,000-photo library (once; kept in .build/soak) …", flush=True)
    timed(command)
    runs = [timed(command) for _ in range(ROUNDS)]
    for _, _, output in runs:
        if "built 0, up to date 10000, failed 0" not in output:
            sys.exit(f"the no-op rebuild built something:\n{output[-500:]}")
    return [wall for wall, _, _ in runs], [rss for _, rss, _ in runs]


class Events:
    """The watch server's Server-Sent Events stream, read line by line."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(b"GET /_imgsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""
        self.wait_for(b": connected", timeout=10)

    def wait_for(self, line, timeout):
        deadline = time.monotonic() + timeout
        while line not in self.buffer:
            self.socket.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.socket.recv(65536)
            if not chunk:
                raise RuntimeError("the event stream closed")
            self.buffer += chunk
        self.buffer = self.buffer.split(line, 1)[1]


def save(path, content_from):
    """What an editor does: write a temporary file beside it, rename it over."""
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp")
    shutil.copyfile(content_from, temporary)
    os.rename(temporary, path)


def twelve_megapixel(folder):
    """Eight distinct 12 MP JPEGs (4256 × 2832), made once from two corpus
    photos and their mirror images: every save is new content, so no round
    is served from the cache."""
    made = []
    for name, source in (("a", "large/2004default.jpg"), ("b", "large/string.jpg")):
        base = os.path.join(folder, f"twelve-{name}.v")
        if not os.path.exists(base):
            os.makedirs(folder, exist_ok=True)
            subprocess.check_call(["vips", "thumbnail", os.path.join(soak.CORPUS, source), base,
                                   "4256", "--height", "2832", "--size", "force"])
        for flips in ((), ("horizontal",), ("vertical",), ("horizontal", "vertical")):
            target = os.path.join(folder, f"twelve-{name}-{'-'.join(flips) or 'plain'}.jpg")
            if not os.path.exists(target):
                current = base
                for n, direction in enumerate(flips):
                    step = os.path.join(folder, f"step{n}.v")
                    subprocess.check_call(["vips", "flip", current, step, direction])
                    current = step
                subprocess.check_call(["vips", "jpegsave", current, target, "--Q", "92"])
            made.append(target)
    return made


def watch_latency():
    variants = twelve_megapixel(os.path.join(soak.SOAK, "twelve"))
    work = tempfile.mkdtemp(prefix="imgsite-bench-watch-")
    library = os.path.join(work, "photos")
    os.makedirs(os.path.join(library, "album"))
    for name in ("nature/Storm.jpg", "nature/Dune.jpg", "formats/tiny-88x64.jpg"):
        shutil.copy(os.path.join(soak.CORPUS, name), os.path.join(library, "album"))
    photo = os.path.join(library, "album", "twelve.jpg")
    shutil.copy(variants[0], photo)
    shutil.copytree(os.path.join(ROOT, "templates"), os.path.join(library, "templates"))
    template = os.path.join(library, "templates", "album.mustache")
    original = open(template).read()

    child = subprocess.Popen([IMGSITE, "watch", library, "-o", os.path.join(work, "site"), "--port", "0",
                              "--cache-dir", os.path.join(work, "cache")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        port = None
        for line in child.stderr:
            match = re.search(rb"serving http://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            sys.exit("imgsite watch never started serving")
        events = Events(port)
        photo_times, template_times = [], []
        for round in range(ROUNDS * 2):
            time.sleep(0.5)
            start = time.monotonic()
            save(photo, variants[round + 1])
            events.wait_for(b"event: reload", timeout=60)
            photo_times.append(time.monotonic() - start)
        for round in range(ROUNDS * 2):
            time.sleep(0.5)
            edited = os.path.join(work, "album.mustache")
            open(edited, "w").write(original + f"\n{{{{! edit {round} }}}}\n")
            start = time.monotonic()
            save(template, edited)
            events.wait_for(b"event: reload", timeout=30)
            template_times.append(time.monotonic() - start)
        return photo_times, template_times
    finally:
        child.send_signal(2)
        child.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


def row(name, values, unit, target):
    best, median = min(values), statistics.median(values)
    verdict = "ok" if median <= target else "OVER"
    print(f"{name:52}{best:8.2f}{median:8.2f}  {unit:4} target ≤ {target:g}  {verdict}")
    return median <= target


def main():
    walls, rss = no_op()
    photo, template = watch_latency()
    print(f"\n{'':52}{'best':>8}{'median':>8}")
    ok = row("no-op rebuild, 10,000 photos: wall", walls, "s", 0.5)
    ok &= row("no-op rebuild, 10,000 photos: peak RSS", rss, "MiB", 150)
    ok &= row("watch: save a 12 MP JPEG → reload event", photo, "s", 1.5)
    ok &= row("watch: save a template → reload event", template, "s", 0.3)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
