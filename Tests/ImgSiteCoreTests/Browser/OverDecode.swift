import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning

/// How many more pixels Chromium decodes than it paints, image by image,
/// for the images in view on a page at one viewport and density. The file
/// it chose (`currentSrc`) is decoded again on its own to know its real
/// width: `naturalWidth` of a srcset image is in CSS px (width ÷ density).
struct OverDecode {
    struct Viewport: CustomStringConvertible {
        var width: Int
        var height: Int
        var density: Double
        var description: String { "\(width)×\(height)@\(density.formatted())x" }
    }

    /// One image in view.
    struct Sample {
        /// Decoded pixels ÷ painted device pixels (area).
        var ratio: Double
        /// Painted wider than decoded while a wider file exists or could have been made.
        var upscaled: Bool
        /// Painted wider than the source itself: no file could cover it.
        var sourceLimited: Bool
        /// `sizes` (as the image's density-corrected width) less the CSS width, CSS px, at 1x.
        var sizesError: Double?
        /// The file chosen is one for dense screens (`DenseScreens`).
        var dense: Bool
        /// The file chosen is among those the dense screens' source lists
        /// (the dense files and the usual ones wider than all of them).
        var denseChoice: Bool
    }

    /// Per image in view: the chosen file's path and decoded width, the CSS
    /// width painted, and the density-corrected natural width (what `sizes` said).
    static let script = """
        const done = arguments[0];
        (async () => {
          const deadline = Date.now() + 15000;
          const inView = () => Array.from(document.querySelectorAll('main img')).filter(img => {
            const r = img.getBoundingClientRect();
            return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
          });
          while (!inView().every(i => i.complete) && Date.now() < deadline) await new Promise(r => setTimeout(r, 50));
          const out = [];
          for (const img of inView()) {
            const probe = new Image();
            probe.src = img.currentSrc;
            await probe.decode().catch(() => {});
            out.push({src: img.currentSrc, file: probe.naturalWidth, css: img.getBoundingClientRect().width, natural: img.naturalWidth});
          }
          done(out);
        })();
        """

    /// The samples of `page` at `viewport`, from a cold cache (a cached
    /// denser file would be taken instead, and tell nothing of `sizes`).
    static func measure(_ browser: WebDriver, page: URL, at viewport: Viewport, site: TestBuild) async throws -> [Sample] {
        try await browser.cdp("Network.clearBrowserCache")
        try await browser.open(URL(string: "about:blank")!)
        try await browser.cdp("Emulation.setDeviceMetricsOverride", [
            "width": viewport.width, "height": viewport.height, "deviceScaleFactor": viewport.density, "mobile": false,
        ])
        // Overlay scrollbars, as on phones and macOS: the content is the viewport's width.
        try await browser.cdp("Emulation.setScrollbarsHidden", ["hidden": true])
        try await browser.open(page)
        let images = (try await browser.executeAsync(script) as? [[String: Any]]) ?? []
        let variants = Dictionary(site.manifest.images.flatMap { image in
            (image.stills + image.denseStills).map { ($0.path, (variant: $0, image: image)) }
        }) { a, _ in a }
        return images.compactMap { entry in
            guard let src = entry["src"] as? String, let file = (entry["file"] as? NSNumber)?.doubleValue, file > 0,
                  let css = (entry["css"] as? NSNumber)?.doubleValue, css > 0,
                  let match = variants.first(where: { src.hasSuffix("/" + $0.key) })?.value else { return nil }
            let painted = css * viewport.density
            let widest = match.image.variants.filter { $0.format == match.variant.format && $0.role == match.variant.role }.map(\.width).max()
                ?? match.variant.width
            let natural = (entry["natural"] as? NSNumber)?.doubleValue ?? 0
            return Sample(
                ratio: pow(file / painted, 2),
                upscaled: file < painted * 0.99 && (widest > Int(file) || widest < min(match.image.width, SiteConfig().maxWidth)),
                sourceLimited: Double(match.image.width) < painted * 0.99,
                sizesError: viewport.density == 1 ? natural - css : nil,
                dense: match.variant.role == .dense,
                denseChoice: match.image.denseChoice().contains { $0.path == match.variant.path })
        }
    }

    struct Summary {
        var images: Int
        var median: Double
        var p90: Double
        var upscaled: Double
        var sourceLimited: Int

        /// Over the samples a source could cover; upscaled as a share of all.
        init(_ samples: [Sample]) {
            let ratios = samples.filter { !$0.sourceLimited }.map(\.ratio).sorted()
            images = samples.count
            median = ratios.isEmpty ? 0 : ratios[ratios.count / 2]
            p90 = ratios.isEmpty ? 0 : ratios[min(ratios.count - 1, Int((Double(ratios.count) * 0.9).rounded(.up)) - 1)]
            upscaled = samples.isEmpty ? 0 : Double(samples.filter(\.upscaled).count) / Double(samples.count)
            sourceLimited = samples.filter(\.sourceLimited).count
        }
    }
}
