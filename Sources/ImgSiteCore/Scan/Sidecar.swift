import Foundation
import Yams

/// A caption file beside a photo, named after the whole file name:
/// `beach.jpg.yml` (`title:`, `caption:`, `alt:`, `hidden:`) or
/// `beach.jpg.txt` (its text is the caption). It wins over captions embedded in the photo. Its
/// identity joins the photo's in the journal: editing it rebuilds the
/// photo's record and pages, never its variants.
public struct Sidecar: Sendable, Hashable {
    /// Extensions read, in the order one wins when several exist.
    static let extensions = ["yml", "yaml", "txt"]
    /// Larger files are refused: a caption is a sentence or a paragraph.
    static let maxBytes = 64 * 1024
    /// The keys a YAML sidecar may hold.
    static let keys = ["title", "caption", "alt", "hidden"]

    /// Path relative to the input folder, for messages.
    public var relativePath: String
    public var absolutePath: String
    public var identity: FileIdentity

    /// What the file says.
    struct Text: Equatable {
        var title: String?
        var caption: String?
        var alt: String?
        /// On its own page, left out of the grid, the sitemap and the feed.
        var hidden = false
    }

    /// Reads and parses the file; the error is a reason to show beside its name.
    func read() -> Result<Text, SidecarError> {
        guard identity.size <= Self.maxBytes else {
            return .failure(SidecarError(file: relativePath, reason: "\(identity.size) bytes, more than the \(Self.maxBytes) a caption file may hold; ignored"))
        }
        guard let data = FileManager.default.contents(atPath: absolutePath) else {
            return .failure(SidecarError(file: relativePath, reason: "cannot be read; ignored"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(SidecarError(file: relativePath, reason: "not UTF-8 text; ignored"))
        }
        // The scanner pairs extensions in any case: "IMG_1.JPG.TXT" is plain text too.
        if relativePath.lowercased().hasSuffix(".txt") { return .success(Text(caption: Self.clean(text))) }
        return Self.parse(yaml: text, file: relativePath)
    }

    /// `metadata` with this file's caption and alt text over the embedded
    /// ones; when the file cannot be used, `metadata` as it was and why.
    func applied(to metadata: KeptMetadata) -> (KeptMetadata, SidecarError?) {
        switch read() {
        case .success(let text):
            var metadata = metadata
            if let caption = text.caption { (metadata.caption, metadata.captionSource) = (caption, .sidecar) }
            metadata.alt = text.alt
            metadata.title = text.title
            metadata.hidden = text.hidden ? true : nil
            return (metadata, nil)
        case .failure(let error):
            return (metadata, error)
        }
    }

    /// The keys of a YAML sidecar; an empty file says nothing.
    static func parse(yaml: String, file: String) -> Result<Text, SidecarError> {
        let fail = { (reason: String) in Result<Text, SidecarError>.failure(SidecarError(file: file, reason: reason)) }
        let root: Node?
        switch SmallYAMLFile.compose(yaml) {
        case .success(let node): root = node
        case .failure(let problem): return fail(problem.reason)
        }
        guard let root else { return .success(Text()) }
        guard let mapping = root.mapping else {
            return fail("must be a mapping with title:, caption:, alt: or hidden: (or use a .txt file for a plain caption); ignored")
        }
        var text = Text()
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard Self.keys.contains(name) else {
                return fail("line \(key.mark?.line ?? 0): unknown key '\(name)' (a sidecar holds \(keys.joined(separator: ", "))); ignored")
            }
            guard let scalar = value.scalar else {
                return fail("line \(value.mark?.line ?? 0): \(name) must be \(name == "hidden" ? "true or false" : "text"); ignored")
            }
            switch name {
            case "hidden":
                guard let flag = Bool.construct(from: scalar) else { return fail("line \(value.mark?.line ?? 0): hidden must be true or false; ignored") }
                text.hidden = flag
            case "title": text.title = clean(scalar.string).map { $0.replacingOccurrences(of: "\n", with: " ") }
            case "caption": text.caption = clean(scalar.string)
            default: text.alt = clean(scalar.string)
            }
        }
        return .success(text)
    }

    /// Trimmed, with control characters other than line breaks removed; nil when blank.
    static func clean(_ text: String) -> String? {
        let kept = text.unicodeScalars.filter { $0 == "\n" || !CharacterSet.controlCharacters.contains($0) }
        let trimmed = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The sidecar's name for an image file name, when `name` is one
    /// ("beach.jpg.yml" → "beach.jpg"), with its rank among the extensions.
    static func imageName(of name: String) -> (image: String, rank: Int)? {
        guard let dot = name.lastIndex(of: "."), let rank = extensions.firstIndex(of: name[name.index(after: dot)...].lowercased()) else {
            return nil
        }
        let image = String(name[..<dot])
        return image.contains(".") ? (image, rank) : nil
    }

    /// Stands for the file in the journal's plan key: a change to it (or
    /// its appearance) makes the photo's entry stale.
    var journalTag: String {
        "sidecar \(relativePath) \(identity.size) \(identity.modifiedNanoseconds) \(identity.inode)"
    }
}

/// A sidecar that could not be used: the photo keeps its embedded caption.
struct SidecarError: Error, Equatable {
    var file: String
    var reason: String
    /// `harbour/boats.jpg.yml: line 3: unknown key …`, as docs/configuration.md shows it.
    var message: String { "\(file): \(reason)" }
}
