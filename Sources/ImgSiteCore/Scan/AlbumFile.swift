import Foundation
import Yams

/// An album's own words and choices, from `album.yml` in its folder:
/// the `title` it shows (default: the folder's name, less a numeric
/// prefix such as `01-`), a `description` (Markdown, `SafeMarkdown`),
/// the photo that stands for it on its parent's page (`cover`, a file
/// name; default: its first photo) and `hidden` (built and reachable by
/// its link, but left out of its parent's page, the sitemap and the feed),
/// the `order` of its photos and `album_order` of its sub-albums
/// (`AlbumOrder`), and `exclude` (not published, nor anything below).
///
/// ```yaml
/// title: Skye in October
/// description: |
///   Three days of rain and one of light. **Quiraing** at dawn.
/// cover: DSC_0412.jpg
/// ```
public struct AlbumFile: Sendable, Equatable {
    /// The file names read, the first found winning.
    static let names = ["album.yml", "album.yaml"]
    /// Larger files are refused: a description is a few paragraphs.
    static let maxBytes = 64 * 1024
    static let keys = ["title", "description", "cover", "order", "album_order", "hidden", "exclude"]

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

    /// The file at `path`, or why it cannot be used (the album then shows
    /// as if it had none).
    static func read(_ path: String, relativePath: String) -> Result<AlbumFile, AlbumFileError> {
        let fail = { (reason: String) in Result<AlbumFile, AlbumFileError>.failure(AlbumFileError(file: relativePath, reason: reason)) }
        guard let data = FileManager.default.contents(atPath: path) else { return fail("cannot be read; ignored") }
        guard data.count <= maxBytes else { return fail("\(data.count) bytes, more than the \(maxBytes) an album file may hold; ignored") }
        guard let text = String(data: data, encoding: .utf8) else { return fail("not UTF-8 text; ignored") }
        return parse(yaml: text, file: relativePath)
    }

    static func parse(yaml: String, file path: String) -> Result<AlbumFile, AlbumFileError> {
        let fail = { (reason: String) in Result<AlbumFile, AlbumFileError>.failure(AlbumFileError(file: path, reason: reason)) }
        let root: Node?
        switch SmallYAMLFile.compose(yaml) {
        case .success(let node): root = node
        case .failure(let problem): return fail(problem.reason)
        }
        guard let root else { return .success(AlbumFile()) }
        guard let mapping = root.mapping else { return fail("must be a mapping of \(keys.joined(separator: ", ")); ignored") }
        return read(mapping).mapError { AlbumFileError(file: path, reason: $0.reason + "; ignored") }
    }

    /// What `mapping` says, or its first problem ("line 3: …"). Keys in
    /// `skipping` are the caller's (imgsite.yml's `albums.<folder>` has
    /// its own `placeholder` and `exclude`).
    static func read(_ mapping: Node.Mapping, skipping: Set<String> = []) -> Result<AlbumFile, YAMLProblem> {
        let fail = { (reason: String) in Result<AlbumFile, YAMLProblem>.failure(YAMLProblem(reason: reason)) }
        var file = AlbumFile()
        for (key, value) in mapping {
            let name = key.string ?? ""
            let line = "line \((key.mark?.line ?? 0))"
            guard !skipping.contains(name) else { continue }
            guard keys.contains(name) else {
                return fail("\(line): unknown key '\(name)' (an album file holds \(keys.joined(separator: ", ")))")
            }
            if name == "order" || name == "album_order" {
                guard let order = Self.order(value, albums: name == "album_order") else {
                    let words = name == "order" ? "date, -date, name, -name" : "date, -date, name, -name, title"
                    return fail("\(line): \(name) must be one of \(words), or a list of \(name == "order" ? "file" : "folder") names")
                }
                if name == "order" { file.order = order } else { file.albumOrder = order }
                continue
            }
            let isFlag = name == "hidden" || name == "exclude"
            guard let scalar = value.scalar else { return fail("\(line): \(name) must be \(isFlag ? "true or false" : "text")") }
            switch name {
            case "hidden", "exclude":
                guard let flag = Bool.construct(from: scalar) else { return fail("\(line): \(name) must be true or false") }
                if name == "hidden" { file.hidden = flag } else { file.exclude = flag }
            case "title": file.title = Sidecar.clean(scalar.string).map { $0.replacingOccurrences(of: "\n", with: " ") }
            case "description": file.description = Sidecar.clean(scalar.string)
            default: file.cover = Sidecar.clean(scalar.string)
            }
        }
        return .success(file)
    }

    /// This file's keys over `base`'s (imgsite.yml's `albums.<folder>`):
    /// each key this file sets wins; hidden if either says so.
    func over(_ base: AlbumFile) -> AlbumFile {
        AlbumFile(title: title ?? base.title, description: description ?? base.description, cover: cover ?? base.cover,
                  order: order ?? base.order, albumOrder: albumOrder ?? base.albumOrder, hidden: hidden || base.hidden,
                  exclude: exclude || base.exclude)
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
    static func title(ofFolder name: String) -> String {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let separator = name.dropFirst(digits.count).first, "-_. ".contains(separator) else { return name }
        let rest = name.dropFirst(digits.count + 1).drop { $0 == " " || $0 == "-" }
        return rest.isEmpty ? name : String(rest)
    }
}

/// An album file that could not be used: said as a site warning.
struct AlbumFileError: Error, Equatable {
    var file: String
    var reason: String
}
