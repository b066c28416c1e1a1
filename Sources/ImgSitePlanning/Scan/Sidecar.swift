import Foundation
import ImgSiteMedia
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
    package static let keys = ["title", "caption", "alt", "hidden"]

    /// Path relative to the input folder, for messages.
    public var relativePath: String
    public var absolutePath: String
    public var identity: FileIdentity

    /// What the file says.
    package struct Text: Sendable, Equatable {
        package var title: String?
        package var caption: String?
        package var alt: String?
        /// On its own page, left out of the grid, the sitemap and the feed.
        package var hidden = false
    }

    /// Reads and parses the file, or why it cannot be read as meant: then
    /// its photo is held back (`CurationFile`).
    package func read() -> Result<Curated<Text>, CurationProblem> {
        CurationFile.text(atPath: absolutePath, relativePath: relativePath, maxBytes: Self.maxBytes, what: "a caption file").flatMap { text in
            // The scanner pairs extensions in any case: "IMG_1.JPG.TXT" is plain text too.
            if relativePath.lowercased().hasSuffix(".txt") { return .success(Curated(value: Text(caption: Self.clean(text)))) }
            if relativePath.lowercased().hasSuffix(".md") { return Self.parse(markdown: text, file: relativePath) }
            return Self.parse(yaml: text, file: relativePath)
        }
    }

    /// sigal's photo file (`IMG_1.md` beside `IMG_1.jpg`): `Title:`, `Alt:`
    /// and `Hidden:` meta lines, its text the caption (`MarkdownFile`).
    static let markdownKeys = ["title", "alt", "hidden"]

    package static func parse(markdown: String, file: String) -> Result<Curated<Text>, CurationProblem> {
        let markdown = MarkdownFile(markdown)
        var read = Curated(value: Text(caption: markdown.body))
        return Result { () throws(CurationProblem) in
            for meta in markdown.meta {
                switch meta.key {
                case "title": read.value.title = clean(meta.value)
                case "alt": read.value.alt = clean(meta.value)
                case "hidden": read.value.hidden = try MarkdownFile.flag(meta, file: file).get()
                // sigal's Location, Date, Author…: said, never published.
                default: read.ignored.append(try CurationFile.unknown(meta.key, at: meta.place, file: file, known: markdownKeys, holder: "a photo's .md holds").get())
                }
            }
            return read
        }
    }

    /// The `.md` beside a photo, for its name ("IMG_1.md" → "IMG_1"), when `name` is one (not an album's index.md).
    static func markdownStem(of name: String) -> String? {
        guard name.lowercased().hasSuffix(".md"), name != AlbumFile.markdownName, name.count > 3 else { return nil }
        return String(name.dropLast(3))
    }

    /// The keys of a YAML sidecar; an empty file says nothing.
    package static func parse(yaml: String, file: String) -> Result<Curated<Text>, CurationProblem> {
        CurationFile.compose(yaml, file: file).flatMap { root in
            guard let root else { return .success(Curated(value: Text())) }
            guard let mapping = root.mapping else {
                return .failure(CurationProblem(file: file, place: YAMLPlace(root),
                    reason: "must be a mapping with title:, caption:, alt: or hidden: (or use a .txt file for a plain caption)"))
            }
            var read = Curated(value: Text())
            for (key, value) in mapping {
                do throws(CurationProblem) {
                    try read.set(key, value, file: file)
                } catch {
                    return .failure(error)
                }
            }
            return .success(read)
        }
    }

    /// Trimmed, with control characters other than line breaks removed; nil when blank.
    package static func clean(_ text: String) -> String? {
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

extension Curated<Sidecar.Text> {
    /// This file's keys over `base`'s (a `.yml` over sigal's `.md`); hidden if either says so.
    package func over(_ base: Self) -> Self {
        let text = Sidecar.Text(title: value.title ?? base.value.title, caption: value.caption ?? base.value.caption,
                                alt: value.alt ?? base.value.alt, hidden: value.hidden || base.value.hidden)
        return Curated(value: text, ignored: base.ignored + ignored)
    }

    /// `metadata` with this file's title, caption, alt text and hidden over
    /// the embedded ones.
    package func applied(to metadata: KeptMetadata) -> KeptMetadata {
        var metadata = metadata
        if let caption = value.caption { (metadata.caption, metadata.captionSource) = (caption, .sidecar) }
        metadata.alt = value.alt
        if let title = value.title { (metadata.title, metadata.titleSource) = (title, .sidecar) }
        metadata.hidden = value.hidden ? true : nil
        return metadata
    }

    /// Sets the key `key` names from `value`; an unknown key is left out
    /// with a warning, or throws when it most likely meant `hidden`.
    fileprivate mutating func set(_ key: Node, _ value: Node, file: String) throws(CurationProblem) {
        let name = key.string ?? ""
        switch name {
        case "hidden": self.value.hidden = try CurationFile.flag(name, value, file: file).get()
        case "title": self.value.title = Sidecar.clean(try CurationFile.text(name, value, file: file).get()).map { $0.replacingOccurrences(of: "\n", with: " ") }
        case "caption": self.value.caption = Sidecar.clean(try CurationFile.text(name, value, file: file).get())
        case "alt": self.value.alt = Sidecar.clean(try CurationFile.text(name, value, file: file).get())
        default: ignored.append(try CurationFile.unknown(key, file: file, known: Sidecar.keys, holder: "a sidecar holds").get())
        }
    }
}
