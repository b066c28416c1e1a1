import Foundation
import ImgSiteCore
import Synchronization

/// `--report build.json`: what happened to each image, for CI to read.
/// Schema 1 (docs/cli.md, *Build report*): `imgsite` (version), `schema`,
/// `summary` (counts, bytes, seconds), `images` sorted by path (status,
/// bytes in and out, seconds, outputs, warnings, reason), `warnings`.
final class BuildReport: Sendable {
    private struct Entry {
        var status = "up to date"
        var started: ContinuousClock.Instant?
        var seconds = 0.0
        var reason: String?
        /// The step an image failed in (`process`, `merge`).
        var step: String?
        var warnings: [String] = []
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Records one build event (called from the build's threads).
    func record(_ event: BuildEvent) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            switch event {
            case .processing(let path):
                entries[path, default: Entry()].started = now
            case .built(let image):
                var entry = entries[image.source, default: Entry()]
                entry.status = image.warnings.isEmpty ? "built" : "warning"
                entry.warnings = image.warnings
                entry.seconds = entry.started.map { Self.seconds(now - $0) } ?? 0
                entries[image.source] = entry
            case let .upToDate(path, warnings):
                var entry = entries[path, default: Entry()]
                entry.warnings = warnings
                entry.seconds = entry.started.map { Self.seconds(now - $0) } ?? 0
                entries[path] = entry
            case .failed(let error):
                var entry = entries[error.path, default: Entry()]
                entry.status = "failed"
                entry.reason = error.reason
                entry.step = error.step?.rawValue
                entry.seconds = entry.started.map { Self.seconds(now - $0) } ?? 0
                entries[error.path] = entry
            case .encodedAgain(let path):
                // Encoded again under a budget: its time is the image's too.
                var entry = entries[path, default: Entry()]
                entry.seconds += entry.started.map { Self.seconds(now - $0) } ?? 0
                entries[path] = entry
            case .started, .work, .step, .waiting, .siteWarning, .skipped, .note, .encoding:
                break
            }
        }
    }

    /// The `count` images that took longest, slowest first (path, seconds).
    func slowest(_ count: Int) -> [(path: String, seconds: Double)] {
        let timed: [(path: String, seconds: Double)] = entries.withLock { $0 }.map { ($0.key, $0.value.seconds) }
        let sorted = timed.filter { $0.seconds > 0 }.sorted { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : $0.path < $1.path }
        return Array(sorted.prefix(count))
    }

    /// The report as JSON, with each image's outputs from the site's manifest.
    func json(summary: BuildSummary, site: URL, input: URL) throws -> Data {
        let manifest = (try? JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: Manifest.fileName)))) as? [String: Any]
        var images: [String: [String: Any]] = [:]
        for image in manifest?["images"] as? [[String: Any]] ?? [] {
            if let source = image["source"] as? String { images[source] = image }
        }
        let rows = entries.withLock { $0 }.sorted { $0.key < $1.key }.map { path, entry -> [String: Any] in
            let image = images[path]
            let outputs = (image?["variants"] as? [[String: Any]] ?? []).map { variant in
                variant.filter { ["path", "format", "width", "height", "bytes", "role", "thumbnail"].contains($0.key) }
            }
            let bytesIn = image?["sourceBytes"] as? Int
                ?? ((try? FileManager.default.attributesOfItem(atPath: input.appending(path: path).path)[.size]) as? Int) ?? 0
            var row: [String: Any] = [
                "path": path, "status": entry.status, "bytesIn": bytesIn,
                "bytesOut": outputs.reduce(0) { $0 + ($1["bytes"] as? Int ?? 0) }, "seconds": (entry.seconds * 1000).rounded() / 1000,
                "outputs": outputs, "warnings": entry.warnings,
            ]
            if let reason = entry.reason { row["reason"] = reason }
            if let step = entry.step { row["step"] = step }
            if let animation = image?["animation"] { row["animation"] = animation }
            return row
        }
        var report: [String: Any] = [
            "imgsite": VersionReport.buildVersion, "schema": 1,
            "summary": [
                "built": summary.built, "animations": summary.animations, "upToDate": summary.upToDate, "failed": summary.failed.count, "warnings": summary.warnings.count,
                "siteWarnings": summary.siteWarnings.count,
                "bytesIn": summary.bytesIn, "bytesOut": summary.bytesOut, "encodedFiles": summary.encodedFiles,
                "sourcesRead": summary.sourcesRead, "pagesWritten": summary.pagesWritten, "removed": summary.removed,
                "skipped": summary.skipped.count,
                "seconds": (summary.seconds * 1000).rounded() / 1000,
            ],
            "images": rows,
            "warnings": summary.warnings,
            "siteWarnings": summary.siteWarnings,
            "notes": summary.notes,
        ]
        if let budget = summary.budget { report["budget"] = Self.json(budget) }
        report["privateAlbums"] = summary.privateAlbums.map { album in
            ["folder": album.folder, "address": album.address].merging(album.url.map { ["url": $0] } ?? [:]) { first, _ in first }
        }
        report["skipped"] = summary.skipped.map { ["path": $0.relativePath, "kind": $0.kind.rawValue, "reason": $0.reason] }
        return try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
    }

    /// `budget`: the whole-site budgets, the site predicted with the
    /// settings built with and with the site's own, the site as built and
    /// the prediction's error (built bytes over planned, less one), what
    /// was given up, and the passes (2 or 3 when the first measured over
    /// the budget: `firstPass` says what it came to).
    private static func json(_ budget: BudgetReport) -> [String: Any] {
        var json: [String: Any] = [
            "predicted": ["bytes": budget.predictedBytes, "files": budget.predictedFiles],
            "unbudgeted": ["bytes": budget.unbudgetedBytes, "files": budget.unbudgetedFiles],
            "gaveUp": budget.gaveUp.map { ["setting": $0.setting, "words": $0.words, "effect": $0.effect] },
        ]
        if let site = budget.site { json["site"] = site }
        if let files = budget.files { json["files"] = files }
        if let bytes = budget.builtBytes, let error = budget.bytesError {
            json["built"] = ["bytes": bytes, "files": budget.builtFiles ?? 0]
            json["bytesError"] = (error * 1000).rounded() / 1000
        }
        json["passes"] = budget.passes
        if let first = budget.firstPass {
            json["firstPass"] = ["bytes": first.bytes, "files": first.files]
            json["photosEncodedAgain"] = budget.photosEncodedAgain
        }
        return json
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
