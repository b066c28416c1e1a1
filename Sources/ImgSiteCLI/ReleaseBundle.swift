import Foundation

/// The release bundle imgsite runs from, if it does: `make dist` writes a
/// `BUNDLE` file of `key=value` lines beside `bin/` and `lib/`, saying which
/// libvips it carries and the oldest glibc it runs on.
struct ReleaseBundle {
    let fields: [String: String]

    var name: String { fields["name"] ?? "imgsite" }
    /// The build's version: the release's, or `0.4.0+dev.3302ec6` when
    /// it was built from a commit that is no release tag.
    var version: String? { fields["version"] }
    var libvips: String { fields["libvips"] ?? "unknown" }
    var glibc: String { fields["glibc"] ?? "unknown" }

    /// The bundle holding the running executable, or nil for any other
    /// install (a `swift build`, a package).
    static let current: ReleaseBundle? = {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let file = executable.deletingLastPathComponent().deletingLastPathComponent().appending(path: "BUNDLE")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return ReleaseBundle(text: text)
    }()

    init(text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.fields = fields
    }

    var line: String {
        "release bundle \(name): its own libvips \(libvips) and libraries (lib/), built without GPL parts; needs glibc \(glibc) or newer"
    }
}
