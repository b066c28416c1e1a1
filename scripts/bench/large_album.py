"""First view of a 10,000-photo album in Chromium, cache off (docs/how-it-works.md table).

Makes the album the way the tests do (LargeAlbum.swift: symbolic links to 22
corpus photos of 1280-3840 px, the 5 dated ones once, the rest in rotation),
builds it with the given imgsite, once with the defaults and once with AVIF
added, serves each with `imgsite serve` and, at six viewports, reports the
bytes the first view transfers (navigation and every resource, as sent), the
images fetched, the cells Chromium rendered of the page's 120, and the long
tasks while scrolling the page to its end.

    python large_album.py IMGSITE WORK_DIR
"""
import os
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Corpus", "photos")
DATED = ["nature/Dune.jpg", "nature/Blinds.jpg", "nature/Wood.jpg", "nature/Storm.jpg", "large/string.jpg"]
UNDATED = [f"nature/{n}.jpg" for n in ["Aqua", "FreshFlower", "Garden", "GreenMeadow", "LadyBird", "RainDrops", "TwoWings",
                                        "YellowFlower"]] + ["large/2004default.jpg"] \
    + [f"orientation/Landscape_{i}.jpg" for i in range(1, 9)]
VIEWPORTS = [(320, 568, 2, True), (360, 740, 2, True), (390, 844, 3, True), (768, 1024, 2, True), (1440, 900, 1, False),
             (1920, 1080, 1, False), (1440, 900, 2, False), (2560, 1440, 2, False)]

FIRST_VIEW = """
const done = arguments[0];
setTimeout(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const fetched = new Set(resources.map(r => r.name));
  const images = Array.from(document.querySelectorAll('.photos img')).filter(i => fetched.has(i.currentSrc));
  const cells = Array.from(document.querySelectorAll('.photos .cell'));
  const rendered = cells.filter(c => c.querySelector('img').checkVisibility({contentVisibilityAuto: true}));
  done({bytes: nav.transferSize + resources.reduce((s, r) => s + r.transferSize, 0), html: nav.transferSize,
        images: images.length, rendered: rendered.length, cells: cells.length});
}, 3000);
"""
SCROLL = """
const done = arguments[0];
const long = [];
new PerformanceObserver(l => l.getEntries().forEach(e => long.push(e.duration))).observe({type: 'longtask'});
(async () => {
  while (scrollY + innerHeight < document.documentElement.scrollHeight - 1) {
    window.scrollBy(0, innerHeight / 4);
    await new Promise(r => requestAnimationFrame(r));
  }
  await new Promise(r => setTimeout(r, 300));
  done(long);
})();
"""


def make_album(folder, count=10_000):
    album = os.path.join(folder, "big")
    os.makedirs(album, exist_ok=True)
    sources = DATED + [UNDATED[(i * 7) % len(UNDATED)] for i in range(count - len(DATED))]
    for index, source in enumerate(sources):
        link = os.path.join(album, f"photo-{index + 1:05d}.jpg")
        if not os.path.islink(link):
            os.symlink(os.path.abspath(os.path.join(CORPUS, source)), link)


def serve(imgsite, site):
    server = subprocess.Popen([imgsite, "serve", site, "--port", "0"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    line = server.stderr.readline()
    port = re.search(r":(\d+)/", line).group(1)
    return server, f"http://127.0.0.1:{port}/big/index.html"


def measure(url):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    browser.set_script_timeout(120)
    rows = []
    try:
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        for width, height, density, mobile in VIEWPORTS:
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": density, "mobile": mobile})
            browser.get("about:blank")
            browser.get(url)
            view = browser.execute_async_script(FIRST_VIEW)
            long = browser.execute_async_script(SCROLL)
            rows.append((f"{width}×{height} @{density}x", view, long))
    finally:
        browser.quit()
    return rows


def main(imgsite, work):
    os.makedirs(work, exist_ok=True)
    make_album(os.path.join(work, "photos"))
    with open(os.path.join(work, "avif.yml"), "w") as config:
        config.write("formats: [jpeg, webp, avif]\n")
    results = {}
    for name, extra in [("defaults (JPEG, WebP)", []), ("with AVIF", ["--config", os.path.join(work, "avif.yml")])]:
        site = os.path.join(work, "site-" + ("avif" if extra else "default"))
        start = time.time()
        subprocess.run([imgsite, "build", os.path.join(work, "photos"), "-o", site, "--quiet"] + extra, check=True)
        print(f"built {name} in {time.time() - start:.0f} s", file=sys.stderr)
        server, url = serve(imgsite, site)
        try:
            results[name] = measure(url)
        finally:
            server.kill()
    names = list(results)
    print("| viewport | " + " | ".join(f"first view, {n}" for n in names) + " | images fetched | cells rendered of 120 | long tasks scrolling |")
    print("|---|" + "---|" * (len(names) + 3))
    for index, (viewport, view, long) in enumerate(results[names[0]]):
        bytes_cells = " | ".join(f"{results[n][index][1]['bytes'] / 1e6:.2f} MB" for n in names)
        longs = sum(len(results[n][index][2]) for n in names)
        print(f"| {viewport} | {bytes_cells} | {view['images']} | {view['rendered']} | {longs} |")
    print(f"\nHTML of the page as sent: {results[names[0]][0][1]['html'] / 1e3:.0f} KB (gzip)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
