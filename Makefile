# imgsite — see README.md. `make example` and `make test` work on a fresh
# Debian machine with only the Swift toolchain: they install what is missing.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libvips-dev libvips-tools pkg-config
BENCH_PACKAGES := python3 gcc
TEST_PACKAGES := chromium chromium-driver libimage-exiftool-perl

.PHONY: all build example test bench soak fuzz templates deps test-deps clean

all: build

## deps: install libvips (and its command-line tools) through apt if missing
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi

## test-deps: headless Chromium and its driver, for the browser smoke test
test-deps: deps
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi

build: deps
	$(SWIFT) build -c release

## example: build imgsite and the gallery of site-example/
example: build
	.build/release/imgsite build site-example/photos --config site-example/imgsite.yml -o site-example/_site
	@echo "Gallery written to $(CURDIR)/site-example/_site — open file://$(CURDIR)/site-example/_site/index.html"

## test: the whole test suite (real libvips on ../shared/corpus, headless Chromium), then the CI examples replayed
test: test-deps
	$(SWIFT) test
	scripts/ci/replay.sh

## bench: imgsite against libvips alone on the corpus stills, then the animations; the no-op, watch and template-reload figures; the build database at 100,000 images
bench: build
	python3 scripts/bench/bench.py
	python3 scripts/bench/watch.py
	IMGSITE_STORE_SCALE=100000 $(SWIFT) test --filter StoreScaleTests

## soak: 10,000 generated photos, clean then no-op, and the memory bound (not in CI; ~5 min)
soak: build
	@missing=""; for p in $(BENCH_PACKAGES); do command -v $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(BENCH_PACKAGES) >/dev/null; fi
	python3 scripts/soak/soak.py

## fuzz: corrupted corpus files through the real pipeline for FUZZ_SECONDS (default 300; not in CI)
FUZZ_SECONDS ?= 300
fuzz: test-deps
	IMGSITE_FUZZ_SECONDS=$(FUZZ_SECONDS) $(SWIFT) test --filter 'FuzzTests'

## templates: compile templates/ into the binary after editing them
templates:
	scripts/embed-templates.sh

clean:
	rm -rf .build site-example/_site
