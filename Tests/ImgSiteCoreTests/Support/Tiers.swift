import Testing

/// The tiers the Makefile runs, said on each suite (`@Suite(.tags(.browser))`)
/// rather than in lists of names: `scripts/test-suites.sh` reads these tags
/// from the sources and gives each make target its suites. A suite without
/// a tag runs in every tier; `make check` leaves out `browser`, `watch`,
/// `slow` and `alone`. Named in CONTRIBUTING.md (`TierTests` checks it).
extension Tag {
    /// Drives headless Chromium, or the HTML checker (`make test-deps`).
    @Tag static var browser: Self
    /// Runs `imgsite watch` with its timing: a rebuild, a reload, Ctrl-C.
    @Tag static var watch: Self
    /// Minutes of builds: kills at every point, hostile inputs, budget fitting.
    @Tag static var slow: Self
    /// Runs alone after the rest of `make test` (2 cores beside the suite stall it).
    @Tag static var alone: Self
    /// The image pipeline: run again with every native path off
    /// (`make test-plain`) and with the release bundle's libvips (`make test-bundle`).
    @Tag static var imagePipeline: Self
    /// imgsite's own C memory handling: run again under the address sanitizer (`make test-asan`).
    @Tag static var memory: Self
    /// HDR photos' files: needs a libvips with gain maps (8.18 with libultrahdr),
    /// so run again with PyPI's (`make test-hdr`, in `make test`).
    @Tag static var hdr: Self
}
