import Foundation
import ImgSiteCore
import ImgSiteMedia

/// Under GitHub Actions, what the build did, on the job's summary page
/// (appended to `$GITHUB_STEP_SUMMARY`, Markdown): the counts, the site as a
/// host gets it, the budget, the slowest images and every failure with its
/// reason. The image lines and annotations are unchanged.
enum GitHubJobSummary {
    /// The file to append to: set by the runner, under GitHub Actions only.
    static var file: String? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["GITHUB_ACTIONS"] == "true", let file = environment["GITHUB_STEP_SUMMARY"], !file.isEmpty else { return nil }
        return file
    }

    /// Appends the summary to `file`, creating it if need be; says so on
    /// standard error when it cannot.
    static func append(_ text: String, to file: String) {
        if !FileManager.default.fileExists(atPath: file) { FileManager.default.createFile(atPath: file, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: file) else {
            Terminal.error("warning: GITHUB_STEP_SUMMARY=\(file) cannot be written; no job summary")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(text.utf8))
    }

    static func markdown(_ summary: BuildSummary, site: (files: Int, bytes: Int), output: String,
                         slowest: [(path: String, seconds: Double)]) -> String {
        var lines = ["### imgsite: \(summary.failed.isEmpty ? "site built" : "\(summary.failed.count) of \(summary.built + summary.upToDate + summary.failed.count) images failed")", ""]
        lines += [
            "| | |", "|---|---|",
            "| images built | \(summary.built) (\(summary.animations) animations) |",
            "| up to date | \(summary.upToDate) |",
            "| failed | \(summary.failed.count) |",
            "| warnings | \(summary.warnings.count) of images, \(summary.siteWarnings.count) of the site |",
            "| site | \(Bytes.text(site.bytes)) in \(site.files) files (`\(cell(output))`) |",
            "| time | \(String(format: "%.1f s", summary.seconds)) |",
        ]
        if let budget = summary.budget { lines.append("| budget | \(cell(budget.line)) |") }
        for album in summary.privateAlbums { lines.append("| private `\(cell(album.folder))` | \(cell(album.url ?? album.address)) |") }
        if !summary.failed.isEmpty {
            lines += ["", "#### Failed", ""] + summary.failed.map { "- `\(cell($0.path))`: \(cell($0.reason))" }
        }
        let warnings = summary.warnings + summary.siteWarnings
        if !warnings.isEmpty {
            lines += ["", "#### Warnings", ""] + warnings.prefix(50).map { "- \(cell($0))" }
            if warnings.count > 50 { lines.append("- … and \(warnings.count - 50) more (the build report lists them all)") }
        }
        if !summary.notes.isEmpty {
            lines += ["", "#### Notes", ""] + summary.notes.map { "- \(cell($0))" }
        }
        if !slowest.isEmpty {
            lines += ["", "#### Slowest images", "", "| image | seconds |", "|---|---:|"]
                + slowest.map { "| `\(cell($0.path))` | \(String(format: "%.2f", $0.seconds)) |" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text kept on one line of a table: no line breaks, pipes or backticks that end the cell.
    private static func cell(_ text: String) -> String {
        ImageLine.clean(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}
