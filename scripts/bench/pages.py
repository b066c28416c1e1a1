#!/usr/bin/env python3
"""make bench-pages: felt speed of imgsite's pages beside its peers' on a phone.

The same photos (the corpus's nature, cameras and orientation albums) built
by imgsite with its defaults, by sigal with its photoswipe theme and, when
hugo-theme-gallery is at HUGO_GALLERY_THEME (a checkout; v2 runs on
Debian 12's Hugo 0.111), by Hugo with that theme. Each site is served by
one local HTTP/1.1 server, its text gzipped as hosts do, and opened cold
(no cache) in headless Chromium under a phone profile: 412 × 823 CSS px
at 1.75x, 1.6 Mbps down, 750 kbps up, 150 ms round trips, the CPU 4x
slower (Lighthouse's mobile profile).

Measured on the front page, an album page and a photo's own page (the
peers have none: a shared link to a photo is its album): the Largest
Contentful Paint, the layout shift (CLS) and the bytes transferred until
the page is quiet; and the viewer, opened by a tap on the album's first
photo: the time from the press until that photo is decoded on
screen and the bytes fetched for it. Medians over ROUNDS loads.

usage: pages.py IMGSITE [ROUNDS]
"""
import functools
import gzip
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "Corpus", "photos")
ALBUMS = ["nature", "cameras", "orientation"]
ALBUM = "nature"
PHONE = {"width": 412, "height": 823, "deviceScaleFactor": 1.75, "mobile": True}
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}

SIGAL_CONFIG = """
source = {source!r}
destination = {destination!r}
theme = 'photoswipe'
title = 'Gallery'
keep_orig = False
zip_gallery = False
plugins = []
"""

HUGO_CONFIG = """
baseURL = "/"
title = "Gallery"
theme = "gallery"
[params]
  [params.gallery]
"""

# Observers installed before any page script: the LCP's last candidate and
# the layout shifts not caused by input, as web-vitals counts them.
OBSERVE = """
window.__lcp = 0; window.__cls = 0;
new PerformanceObserver(list => { for (const e of list.getEntries()) { window.__lcp = e.startTime; } })
  .observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver(list => { for (const e of list.getEntries()) { if (!e.hadRecentInput) { window.__cls += e.value; } } })
  .observe({ type: 'layout-shift', buffered: true });
"""

# Bytes over the network so far: the document and every resource.
BYTES = """
const all = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
return all.reduce((sum, e) => sum + (e.transferSize || 0), 0);
"""

# After a tap on the album's first photo, waits until an image spanning 80 % of
# the screen's width or height, outside the album's grid, is decoded (not
# the thumbnail PhotoSwipe stretches while the photo loads): the viewer's
# photo. (naturalWidth is in CSS px for an image chosen from a srcset.)
OPEN_VIEWER = """
const done = arguments[arguments.length - 1];
const start = window.__down;
const tick = () => {
  const shown = [].slice.call(document.images).find(img => {
    const box = img.getBoundingClientRect();
    return img.complete && img.naturalWidth >= 0.75 * box.width && box.top < innerHeight && box.bottom > 0
      && (box.width >= 0.8 * innerWidth || box.height >= 0.8 * innerHeight)
      && !img.closest('.grid, .gallery, .fj-gallery, .hero') && !img.classList.contains('pswp__img--placeholder');
  });
  if (shown) {
    shown.decode().then(() => requestAnimationFrame(() => done([performance.now() - start, shown.currentSrc || shown.src])));
  } else if (performance.now() - start > 15000) { done([-1, '']); } else { requestAnimationFrame(tick); }
};
tick();
"""


class Host(http.server.SimpleHTTPRequestHandler):
    """A static host as every one is: HTTP/1.1 kept alive, text gzipped."""
    protocol_version = "HTTP/1.1"
    TEXT = {".html", ".css", ".js", ".mjs", ".svg", ".json", ".xml", ".txt"}

    def do_GET(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if os.path.splitext(path)[1] in self.TEXT and os.path.isfile(path) and "gzip" in self.headers.get("Accept-Encoding", ""):
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), 6)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Host, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build(work, imgsite):
    photos = os.path.join(work, "photos")
    for album in ALBUMS:
        shutil.copytree(os.path.join(CORPUS, album), os.path.join(photos, album))
    sites = {}
    out = os.path.join(work, "imgsite")
    subprocess.run([imgsite, "build", photos, "-o", out, "--cache-dir", os.path.join(work, "cache"), "--quiet"], check=True)
    first = first_photo_page(os.path.join(out, ALBUM))
    sites["imgsite"] = {"root": out, "album": f"{ALBUM}/", "photo": f"{ALBUM}/{first}", "link": ".grid.photos a"}

    sigal = shutil.which("sigal") or os.path.join(os.path.dirname(sys.executable), "sigal")
    out = os.path.join(work, "sigal")
    with open(os.path.join(work, "sigal.conf.py"), "w") as f:
        f.write(SIGAL_CONFIG.format(source=photos, destination=out))
    subprocess.run([sigal, "build", "-c", os.path.join(work, "sigal.conf.py"), "--quiet"], check=True, cwd=work)
    sites["sigal"] = {"root": out, "album": f"{ALBUM}/", "photo": None, "link": ".gallery a"}

    theme = os.environ.get("HUGO_GALLERY_THEME")
    if theme and os.path.isdir(theme) and shutil.which("hugo"):
        site = os.path.join(work, "hugo-site")
        os.makedirs(os.path.join(site, "themes"))
        shutil.copytree(theme, os.path.join(site, "themes", "gallery"))
        os.makedirs(os.path.join(site, "content"))
        with open(os.path.join(site, "content", "_index.md"), "w") as f:
            f.write("---\ntitle: Gallery\n---\n")
        for album in ALBUMS:
            shutil.copytree(os.path.join(photos, album), os.path.join(site, "content", album))
            with open(os.path.join(site, "content", album, "index.md"), "w") as f:
                f.write(f"---\ntitle: {album}\n---\n")
        with open(os.path.join(site, "config.toml"), "w") as f:
            f.write(HUGO_CONFIG)
        out = os.path.join(work, "hugo")
        subprocess.run(["hugo", "--quiet", "--source", site, "--destination", out], check=True)
        sites["hugo-theme-gallery"] = {"root": out, "album": f"{ALBUM}/", "photo": None, "link": ".fj-gallery a"}
    else:
        print("hugo-theme-gallery: skipped (set HUGO_GALLERY_THEME to a checkout of its v2 and install hugo)", file=sys.stderr)
    return sites


def first_photo_page(album):
    with open(os.path.join(album, "index.html")) as f:
        page = f.read()
    start = page.index('<ul class="grid photos">')
    href = page.index('href="', start) + len('href="')
    return page[href:page.index('"', href)]


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    return driver


def cold(driver):
    """A phone on a slow network, nothing cached."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", NETWORK)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})


def quiet(driver, seconds=2.0):
    """Waits until no resource has arrived for `seconds` (20 s at most): lazy loads done."""
    last, count, started = time.monotonic(), -1, time.monotonic()
    while time.monotonic() - last < seconds and time.monotonic() - started < 20:
        now = driver.execute_script("return performance.getEntriesByType('resource').length")
        if now != count:
            count, last = now, time.monotonic()
        time.sleep(0.25)


def load(url):
    driver = browser()
    try:
        cold(driver)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE})
        driver.get(url)
        quiet(driver)
        return driver.execute_script("return window.__lcp"), driver.execute_script("return window.__cls"), driver.execute_script(BYTES)
    finally:
        driver.quit()


def viewer(url, link):
    driver = browser()
    try:
        cold(driver)
        driver.get(url)
        quiet(driver)
        # A tap on the first photo, timed from its press.
        driver.execute_script("performance.clearResourceTimings(); window.scrollTo(0, 0);"
                              "document.addEventListener('pointerdown', () => { window.__down = performance.now(); }, { capture: true, once: true });")
        box = driver.execute_script("const b = document.querySelector(arguments[0]).getBoundingClientRect();"
                                    "return [b.left + b.width / 2, b.top + b.height / 2];", link)
        # Pressed for 100 ms, as a finger's tap lasts (CDP's synthesized taps fire no click here).
        for kind in ["mousePressed", "mouseReleased"]:
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})
            time.sleep(0.1 if kind == "mousePressed" else 0)
        elapsed, _ = driver.execute_async_script(OPEN_VIEWER)
        quiet(driver, 1.0)
        return elapsed, None, driver.execute_script(BYTES)
    finally:
        driver.quit()


def median(samples, index):
    values = [s[index] for s in samples if s[index] is not None]
    return statistics.median(values) if values else None


def main():
    imgsite = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    work = tempfile.mkdtemp(prefix="bench-pages-")
    try:
        sites = build(work, imgsite)
        rows = []
        for name, site in sites.items():
            server = serve(site["root"])
            base = f"http://127.0.0.1:{server.server_address[1]}/"
            try:
                pages = [("front page", "index.html"), ("album page", site["album"]), ("photo page", site["photo"])]
                for page, path in pages:
                    if path is None:
                        rows.append((page, name, None))
                        continue
                    rows.append((page, name, [load(base + path) for _ in range(rounds)]))
                rows.append(("opened viewer", name, [viewer(base + site["album"], site["link"]) for _ in range(rounds)]))
            finally:
                server.shutdown()
        print(f"Phone profile: {PHONE['width']} × {PHONE['height']} CSS px at {PHONE['deviceScaleFactor']}x, "
              f"1.6 Mbps, 150 ms RTT, CPU 4x slower; median of {rounds} cold loads.\n")
        print("| page | site | LCP (s) | CLS | bytes (KB) |")
        print("|---|---|---:|---:|---:|")
        for page, name, samples in rows:
            if samples is None:
                print(f"| {page} | {name} | — (no page of its own: a shared link opens the album) | | |")
                continue
            lcp, cls, size = median(samples, 0), median(samples, 1), median(samples, 2)
            label = "to the photo shown" if page == "opened viewer" else ""
            print(f"| {page} | {name} | {lcp / 1000:.2f}{' ' + label if label else ''} | "
                  f"{'—' if cls is None else f'{cls:.3f}'} | {size / 1024:.0f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
