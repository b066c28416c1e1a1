import ArgumentParser
import Foundation
import ImgSiteCore

/// `--fail-on`: which outcomes make `imgsite build` exit 1. A build that
/// cannot start (bad config, locked folder) exits 2 whatever it says.
enum FailurePolicy: String, ExpressibleByArgument, CaseIterable {
    /// Any image failed (the default).
    case error
    /// Any image failed or was built with a warning, or the site has one (a template, a budget).
    case warning
    /// Never for images: the site is published with what could be built.
    case never

    func exitCode(for summary: BuildSummary) -> Int32 {
        switch self {
        case .error: summary.failed.isEmpty ? 0 : 1
        case .warning: summary.failed.isEmpty && summary.warnings.isEmpty && summary.siteWarnings.isEmpty ? 0 : 1
        case .never: 0
        }
    }
}

/// GitHub Actions workflow commands: a failed image becomes an error
/// annotation on its file, a warning a warning one. Written to standard
/// error (the runner reads commands from both streams), so standard
/// output keeps exactly one line per image.
enum GitHubAnnotations {
    static var enabled: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    static func lines(for summary: BuildSummary, input: String) -> [String] {
        let file = { (path: String) -> String in
            // A place in a file ("secret/album.yml:2:9") is the file, a line and a column.
            let (name, place) = placed(path)
            let full = input == "." ? name : (input as NSString).appendingPathComponent(name)
            return "file=\(property(full))" + (place.map { ",line=\($0.line),col=\($0.column)" } ?? "")
        }
        let errors = summary.failed.map { "::error \(file($0.path)),title=imgsite::\(data($0.reason))" }
        let warnings = (summary.warnings + summary.siteWarnings).map { warning -> String in
            // "path: message", as the summary keeps them.
            guard let colon = warning.range(of: ": ") else { return "::warning title=imgsite::\(data(warning))" }
            let (path, message) = (String(warning[..<colon.lowerBound]), String(warning[colon.upperBound...]))
            return "::warning \(file(path)),title=imgsite::\(data(message))"
        }
        return errors + warnings
    }

    /// "a/album.yml:2:9" → ("a/album.yml", (2, 9)); a path without a place as it is.
    static func placed(_ path: String) -> (file: String, place: (line: Int, column: Int)?) {
        let parts = path.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return (path, nil) }
        return (parts.dropLast(2).joined(separator: ":"), (line, column))
    }

    /// Escapes as the runner expects: `%`, CR and LF in data; also `:` and `,` in properties.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
