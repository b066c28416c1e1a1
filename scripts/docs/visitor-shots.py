#!/usr/bin/env python3
"""The screenshots that need a visitor's clicks, taken in headless Chromium
(selenium and chromedriver) from the example site served by `imgsite serve`:
the viewer over an album (desktop and phone), the private album's unlock
page after a wrong guess and the album unlocked, a photo page in its
slideshow, zoomed to 1:1, and with a text watermark (a second build).
Each in the light and the dark scheme, written as WebP to docs/screenshots/.

Usage: visitor-shots.py IMGSITE SITE WATERMARKED_SITE PASSWORD
(scripts/docs/screenshots.sh builds both sites and runs it.)
"""
import os
import socket
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

OUT = "docs/screenshots"
DESKTOP = (1280, 760, 1)
PHONE = (390, 844, 2)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(imgsite, folder):
    """`imgsite serve` on a free port, once it answers."""
    port = free_port()
    server = subprocess.Popen([imgsite, "serve", folder, "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, f"http://127.0.0.1:{port}/"
        except OSError:
            time.sleep(0.1)
    server.kill()
    sys.exit(f"imgsite serve {folder} never answered on port {port}")


def browser():
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def screen(driver, size, scheme):
    width, height, scale = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 500})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def wait_for(driver, test, seconds=20):
    """Until the JavaScript expression `test` holds, then a moment for paint."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if driver.execute_script(f"return !!({test});"):
            time.sleep(0.4)
            return
        time.sleep(0.1)
    sys.exit(f"{driver.current_url}: waited {seconds} s for {test}")


SHOWN = "(img => img && img.complete && img.naturalWidth > 0)(document.querySelector('{} figure.photo img'))"


def save(driver, name, scheme):
    path = f"{OUT}/{name}-{scheme}.webp"
    png = path + ".png"
    driver.save_screenshot(png)
    subprocess.run(["vips", "copy", png, f"{path}[Q=82,strip]"], check=True)
    os.remove(png)
    print(f"wrote {path}")


def viewer(driver, base, scheme):
    for name, size in [("viewer", DESKTOP), ("viewer-phone", PHONE)]:
        screen(driver, size, scheme)
        driver.get(base + "nature/index.html")
        driver.find_elements(By.CSS_SELECTOR, ".grid.photos a")[1].click()
        wait_for(driver, SHOWN.format(".viewer"))
        save(driver, name, scheme)


def private_album(driver, base, password, scheme):
    screen(driver, DESKTOP, scheme)
    # A fresh visit each time: the unlock page, not the album its keys would open.
    driver.delete_all_cookies()
    driver.get(base + "family/")
    driver.execute_script("indexedDB.databases && indexedDB.databases().then(list => list.forEach(db => indexedDB.deleteDatabase(db.name)))")
    wait_for(driver, "document.querySelector('[data-unlock]') && !document.querySelector('[data-unlock]').hidden")
    form = driver.find_element(By.CSS_SELECTOR, "[data-unlock]")
    form.find_element(By.NAME, "password").send_keys("not the password", Keys.ENTER)
    wait_for(driver, "document.querySelector('.unlock-status').textContent.length > 0 && !/…/.test(document.querySelector('.unlock-status').textContent)", 90)
    save(driver, "unlock", scheme)
    field = form.find_element(By.NAME, "password")
    field.clear()
    field.send_keys(password, Keys.ENTER)
    wait_for(driver, "location.pathname.endsWith('/album/') && document.images.length && [...document.images].every(i => i.complete)", 90)
    save(driver, "family", scheme)
    driver.execute_script("document.querySelector('[data-forget]').click()")
    wait_for(driver, "document.querySelector('[data-unlock]')")


def photo_tools(driver, base, scheme):
    screen(driver, DESKTOP, scheme)
    driver.get(base + "nature/storm.html")
    wait_for(driver, SHOWN.format(""))
    driver.find_element(By.CSS_SELECTOR, "[data-tool=play]").click()
    time.sleep(0.6)
    save(driver, "slideshow", scheme)
    driver.get(base + "nature/storm.html")
    wait_for(driver, SHOWN.format(""))
    driver.find_element(By.CSS_SELECTOR, "[data-tool=zoom]").click()
    wait_for(driver, "(img => img && img.complete && img.naturalWidth > 0)(document.querySelector('.zoom img'))")
    save(driver, "zoom", scheme)


def watermark(driver, base, scheme):
    screen(driver, DESKTOP, scheme)
    driver.get(base + "nature/storm.html")
    wait_for(driver, SHOWN.format(""))
    save(driver, "watermark", scheme)


def main():
    imgsite, site, marked, password = sys.argv[1:5]
    servers = []
    try:
        server, base = serve(imgsite, site)
        servers.append(server)
        server, marked_base = serve(imgsite, marked)
        servers.append(server)
        driver = browser()
        try:
            for scheme in ["light", "dark"]:
                viewer(driver, base, scheme)
                private_album(driver, base, password, scheme)
                photo_tools(driver, base, scheme)
                watermark(driver, marked_base, scheme)
        finally:
            driver.quit()
    finally:
        for server in servers:
            server.kill()


if __name__ == "__main__":
    main()
