import Foundation
import Yams

/// An album's own words and choices, from `album.yml` in its folder:
/// the `title` it shows (default: the folder's name, less a numeric
/// prefix such as `01-`), a `description` (Markdown, `SafeMarkdown`),
/// the photo that stands for it on its parent's page (`cover`, a file
/// name; default: its first photo) and `hidden` (built and reachable by
/// its link, but left out of its parent's page, the sitemap and the feed),
/// the `order` of its photos and `album_order` of its sub-albums
/// (`AlbumOrder`), `exclude` (not published, nor anything below) and
/// `private` (published encrypted, as imgsite.yml's `albums.<folder>.private`
/// says it: marked here, the mark follows the folder through a rename).
///
/// ```yaml
/// title: Skye in October
/// description: |
///   Three days of rain and one of light. **Quiraing** at dawn.
/// cover: DSC_0412.jpg
/// ```
public struct AlbumFile: Sendable, Equatable {
    /// The file names read, the first found winning.
    package static let names = ["album.yml", "album.yaml"]
    /// Larger files are refused: a description is a few paragraphs.
    static let maxBytes = 64 * 1024
    package static let keys = ["title", "description", "cover", "order", "album_order", "hidden", "exclude", "private"]

    public var title: String?
    public var description: String?
    public var cover: String?
    /// Its photos' order (default: oldest first) and its sub-albums'
    /// (default: by folder name).
    public var order: AlbumOrder?
    public var albumOrder: AlbumOrder?
    public var hidden = false
    /// Not published at all, nor anything below it.
    public var exclude = false
    /// Published encrypted behind a password (`PrivateAlbumSettings`).
    public var privacy: PrivateAlbumSettings?

    /// The file at `path`, or why it cannot be read as meant: then its
    /// album is held back (`CurationFile`).
    package static func read(_ path: String, relativePath: String) -> Result<Curated<AlbumFile>, CurationProblem> {
        CurationFile.text(atPath: path, relativePath: relativePath, maxBytes: maxBytes, what: "an album file").flatMap { parse(yaml: $0, file: relativePath) }
    }

    package static func parse(yaml: String, file path: String) -> Result<Curated<AlbumFile>, CurationProblem> {
        CurationFile.compose(yaml, file: path).flatMap { root in
            guard let root else { return .success(Curated(value: AlbumFile())) }
            guard let mapping = root.mapping else {
                return .failure(CurationProblem(file: path, place: YAMLPlace(root), reason: "must be a mapping of \(keys.joined(separator: ", "))"))
            }
            return read(mapping, file: path)
        }
    }

    /// What `mapping` says, with the unknown keys it left out, or its first
    /// problem. Keys in `skipping` are the caller's (imgsite.yml's
    /// `albums.<folder>` has its own `placeholder` and `exclude`).
    package static func read(_ mapping: Node.Mapping, file path: String, skipping: Set<String> = []) -> Result<Curated<AlbumFile>, CurationProblem> {
        var read = Curated(value: AlbumFile())
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard !skipping.contains(name) else { continue }
            guard keys.contains(name) else {
                switch CurationFile.unknown(key, file: path, known: keys, holder: "an album file holds") {
                case .success(let warning): read.ignored.append(warning)
                case .failure(let problem): return .failure(problem)
                }
                continue
            }
            do {
                try read.value.set(name, value, file: path)
            } catch {
                return .failure(error)
            }
        }
        return .success(read)
    }

    /// Sets key `name` from `value`, or throws what is wrong with it.
    private mutating func set(_ name: String, _ value: Node, file path: String) throws(CurationProblem) {
        switch name {
        case "order", "album_order":
            guard let order = Self.order(value, albums: name == "album_order") else {
                let words = name == "order" ? "date, -date, name, -name" : "date, -date, name, -name, title"
                let given = value.scalar.map { ", not '\($0.string)'" } ?? ""
                throw CurationProblem(file: path, place: YAMLPlace(value),
                                      reason: "\(name) must be one of \(words), or a list of \(name == "order" ? "file" : "folder") names\(given)")
            }
            if name == "order" { self.order = order } else { albumOrder = order }
        case "hidden": hidden = try CurationFile.flag(name, value, file: path).get()
        case "exclude": exclude = try CurationFile.flag(name, value, file: path).get()
        case "private":
            do {
                privacy = try ConfigReader(file: path).privateAlbum(value, key: name)
            } catch {
                throw CurationProblem(file: path, place: error.line.map { YAMLPlace(line: $0, column: error.column ?? 1) }, reason: error.detail)
            }
        case "title": title = Sidecar.clean(try CurationFile.text(name, value, file: path).get()).map { $0.replacingOccurrences(of: "\n", with: " ") }
        case "description": description = Sidecar.clean(try CurationFile.text(name, value, file: path).get())
        default: cover = Sidecar.clean(try CurationFile.text(name, value, file: path).get())
        }
    }

    /// sigal's `index.md`: `Title:`, `Thumbnail:` (the cover), `Hidden:` and
    /// `Exclude:` meta lines, its text the description (`MarkdownFile`).
    static let markdownName = "index.md"
    static let markdownKeys = ["title", "thumbnail", "hidden", "exclude"]

    package static func read(markdownAt path: String, relativePath: String) -> Result<Curated<AlbumFile>, CurationProblem> {
        CurationFile.text(atPath: path, relativePath: relativePath, maxBytes: maxBytes, what: "an album file").flatMap { parse(markdown: $0, file: relativePath) }
    }

    package static func parse(markdown: String, file path: String) -> Result<Curated<AlbumFile>, CurationProblem> {
        let markdown = MarkdownFile(markdown)
        var read = Curated(value: AlbumFile(description: markdown.body))
        return Result { () throws(CurationProblem) in
            for meta in markdown.meta {
                switch meta.key {
                case "title": read.value.title = Sidecar.clean(meta.value)
                case "thumbnail": read.value.cover = Sidecar.clean(meta.value)
                case "hidden": read.value.hidden = try MarkdownFile.flag(meta, file: path).get()
                case "exclude": read.value.exclude = try MarkdownFile.flag(meta, file: path).get()
                default: read.ignored.append(try CurationFile.unknown(meta.key, at: meta.place, file: path, known: markdownKeys, holder: "an index.md holds").get())
                }
            }
            return read
        }
    }

    /// An album's curation from its `album.yml` over its `index.md`, key by
    /// key; either file failing holds the album back.
    package static func merged(_ file: Result<Curated<AlbumFile>, CurationProblem>?, over markdown: Result<Curated<AlbumFile>, CurationProblem>?)
        -> Result<Curated<AlbumFile>, CurationProblem>? {
        switch (file, markdown) {
        case (nil, let only), (let only, nil): return only
        case (.failure(let problem)?, _), (_, .failure(let problem)?): return .failure(problem)
        case (.success(let yml)?, .success(let md)?): return .success(Curated(value: yml.value.over(md.value), ignored: md.ignored + yml.ignored))
        }
    }

    /// This file's keys over `base`'s (imgsite.yml's `albums.<folder>`):
    /// each key this file sets wins; hidden if either says so.
    package func over(_ base: AlbumFile) -> AlbumFile {
        AlbumFile(title: title ?? base.title, description: description ?? base.description, cover: cover ?? base.cover,
                  order: order ?? base.order, albumOrder: albumOrder ?? base.albumOrder, hidden: hidden || base.hidden,
                  exclude: exclude || base.exclude, privacy: privacy ?? base.privacy)
    }

    /// A word of `AlbumOrder.words` (`title` only for albums) or a list of names.
    private static func order(_ node: Node, albums: Bool) -> AlbumOrder? {
        if let words = node.sequence {
            let names = words.compactMap { $0.scalar?.string }
            return names.count == words.count && !names.isEmpty ? .list(names) : nil
        }
        guard let word = node.scalar?.string, let order = AlbumOrder.words[word], albums || order != .title else { return nil }
        return order
    }

    /// "01-iceland" → "iceland": one to three digits and a separator order
    /// folders without showing in titles (a year such as "2019 Skye" stays).
    package static func title(ofFolder name: String) -> String {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let separator = name.dropFirst(digits.count).first, "-_. ".contains(separator) else { return name }
        let rest = name.dropFirst(digits.count + 1).drop { $0 == " " || $0 == "-" }
        return rest.isEmpty ? name : String(rest)
    }
}
