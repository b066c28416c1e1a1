import ImgSiteCore
import ImgSiteMedia
import ImgSitePlanning

/// The one line each image gets, and the summary line: a contract that
/// scripts and CI parse, documented in docs/cli.md. Keep them stable.
///
///     built nature/storm.jpg (10 files, 812.4 KB)
///     up to date nature/dune.jpg
///     warning bad/truncated.jpg: damaged file, built from what could be decoded (…)
///     up to date bad/truncated.jpg: damaged file, built from what could be decoded (…)
///       (a damaged file kept from an earlier build: named again by each build,
///       under the status word that keeps the lines' counts equal to the summary's)
///     failed bad/corrupted.jpg: cannot be decoded: …
///     site warning templates/album.mustache: {{titel}} is not a variable …
///       (about the site, not an image: counted apart, as `site warnings N`)
///     built 12, up to date 0, failed 0; 4.9 MB → 8.2 MB; 5.6 s; site in _site
enum ImageLine {
    enum Status: String {
        case built, upToDate = "up to date", failed, warning
        /// Not an image's: a template, a budget, a setting. Counted apart.
        case siteWarning = "site warning"
    }

    /// The status word and line of an image event, or nil for other events;
    /// `showingStep` (`--verbose`): a failure ends with the step it failed in,
    /// and an HDR photo's line says so.
    static func line(for event: BuildEvent, showingStep: Bool = false) -> (status: Status, text: String)? {
        switch event {
        case .built(let image) where !image.warnings.isEmpty:
            (.warning, "warning \(clean(image.source)): \(problems(image.warnings))")
        case .built(let image):
            (.built, "built \(clean(image.source)) (\(Counted.text(image.variants.count, "file")), \(Bytes.text(image.outputBytes))"
                + (showingStep ? hdr(image) : "") + ")")
        case let .upToDate(source, warnings) where !warnings.isEmpty:
            (.upToDate, "up to date \(clean(source)): \(problems(warnings))")
        case .upToDate(let source, _):
            (.upToDate, "up to date \(clean(source))")
        case .failed(let error) where showingStep && error.step != nil:
            (.failed, "failed \(clean(error.path)): \(clean(error.reason)) (step: \(error.step!.rawValue))")
        case .failed(let error):
            (.failed, "failed \(clean(error.path)): \(clean(error.reason))")
        case let .siteWarning(path, reason):
            (.siteWarning, "site warning \(clean(path)): \(clean(reason))")
        default:
            nil
        }
    }

    /// What `--verbose` says of an HDR photo: its kind, and its HDR files or that it was published SDR.
    private static func hdr(_ image: ProcessedImage) -> String {
        guard let range = image.dynamicRange else { return "" }
        let files = image.hdrStills
        return files.isEmpty ? "; HDR (\(range.label)) published SDR"
            : "; HDR (\(range.label)): \(Counted.text(files.count, "HDR file")), \(Bytes.text(files.reduce(0) { $0 + $1.bytes }))"
    }

    /// An image's warnings, on its one line.
    private static func problems(_ warnings: [String]) -> String {
        warnings.map(clean).joined(separator: "; ")
    }

    /// "built N, up to date N, failed N[, warnings N][, site warnings N][, animations N][, videos N][, HDR photos N][, removed N stale files][, skipped N (N RAW, N video, N Live Photo motion, N other)];
    /// IN → OUT (or "nothing encoded")[ (budget …)]; S s; site in DIR"
    static func summary(_ summary: BuildSummary, output: String) -> String {
        var parts = ["built \(summary.built)", "up to date \(summary.upToDate)", "failed \(summary.failed.count)"]
        if !summary.warnings.isEmpty { parts.append("warnings \(summary.warnings.count)") }
        if !summary.siteWarnings.isEmpty { parts.append("site warnings \(summary.siteWarnings.count)") }
        if summary.animations > 0 { parts.append("animations \(summary.animations)") }
        if summary.videos > 0 { parts.append("videos \(summary.videos)") }
        if summary.hdrPhotos > 0 { parts.append("HDR photos \(summary.hdrPhotos)") }
        if summary.removed > 0 { parts.append("removed \(summary.removed) stale files") }
        if !summary.skipped.isEmpty { parts.append("skipped \(summary.skipped.count) (\(SkippedFile.byKind(summary.skipped)))") }
        // A no-op build read and wrote nothing: "0 B → 0 B" said nothing.
        var bytes = summary.bytesIn == 0 && summary.bytesOut == 0
            ? "nothing encoded" : "\(Bytes.text(summary.bytesIn)) → \(Bytes.text(summary.bytesOut))"
        if let budget = summary.budget { bytes += " (\(budget.line))" }
        return "\(parts.joined(separator: ", ")); \(bytes); \(String(format: "%.1f s", summary.seconds)); site in \(clean(output))"
    }

    /// A file name may hold a line break or other control characters; the
    /// line must stay one line.
    static func clean(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += scalar == "\n" ? "\\n" : scalar == "\t" ? "\\t" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
