import ImgSiteMedia

/// A file in the input that is not published: a camera's RAW file, a video
/// clip where FFmpeg cannot be used (or `video: false`), or
/// anything else that is neither an image imgsite reads nor a caption.
/// Counted by kind on the summary line, named under `--verbose` and in the
/// build report, so a folder of RAW files never disappears without a word.
public struct SkippedFile: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        case raw = "RAW"
        case video
        /// A Live Photo's `.mov`, its photo published (`live_photos: still`).
        case motion
        case other

        /// As the summary line counts it: "2 RAW", "1 Live Photo motion".
        package func counted(_ count: Int) -> String {
            switch self {
            case .raw, .video, .other: "\(count) \(rawValue)"
            case .motion: Counted.text(count, "Live Photo motion")
            }
        }
    }

    /// Path relative to the input folder.
    public var relativePath: String
    public var kind: Kind
    /// Why this one is skipped, where its kind does not say it all (a RAW
    /// file paired with a JPEG, `raw: skip`, libraw missing).
    public var note: String?

    /// Camera RAW formats (lower case): Nikon, Canon, Sony, Adobe DNG,
    /// Fujifilm, Olympus, Panasonic, Pentax, Samsung, Sigma, Hasselblad,
    /// Phase One, Leica, Minolta, Kodak.
    public static let rawExtensions: Set<String> = [
        "nef", "nrw", "cr2", "cr3", "crw", "arw", "srf", "sr2", "dng", "raf", "orf", "rw2", "pef", "srw", "x3f", "3fr", "fff",
        "iiq", "rwl", "mos", "mrw", "kdc", "dcr", "erf",
    ]

    /// Files that are the site's own settings or a system's, not content
    /// someone meant to publish.
    static let neverCounted: Set<String> = ["imgsite.yml", "imgsite.yaml", "thumbs.db", "desktop.ini"]

    /// The file, or nil for one that is not worth a word (`neverCounted`).
    public init?(relativePath: String, name: String) {
        guard !Self.neverCounted.contains(name.lowercased()) else { return nil }
        self.relativePath = relativePath
        let dot = name.lastIndex(of: ".")
        let fileExtension = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        kind = Self.rawExtensions.contains(fileExtension) ? .raw : VideoHandling.extensions.contains(fileExtension) ? .video : .other
    }

    /// Why it is not published, for `--verbose` and the report.
    public var reason: String {
        if let note { return note }
        return switch kind {
        case .raw: "a camera RAW file imgsite does not read here"
        case .video: "a video clip imgsite does not read here"
        case .motion: "the motion of a Live Photo, shown as its photo"
        case .other: "not an image imgsite reads (\(Scanner.imageExtensions.sorted().joined(separator: ", "))) nor a caption"
        }
    }

    /// The folder it is in ("" for the input folder itself).
    public var folder: String {
        relativePath.lastIndex(of: "/").map { String(relativePath[..<$0]) } ?? ""
    }

    /// "10 RAW, 1 Live Photo motion, 2 other": skipped files by kind.
    public static func byKind(_ files: [SkippedFile]) -> String {
        Kind.allCases.compactMap { kind -> String? in
            let count = files.count { $0.kind == kind }
            return count == 0 ? nil : kind.counted(count)
        }.joined(separator: ", ")
    }
}
