import Foundation
import ImgSitePlanning

/// `manifest.json` in the output folder: every source with its variants,
/// placeholder and kept metadata; also the cache of the next build.
public struct Manifest: Codable, Sendable, Equatable {
    public static let fileName = "manifest.json"
    /// 2: no source modification times or settings keys (the build database keeps those).
    public static let currentVersion = 2

    public var version = Manifest.currentVersion
    /// "imgsite X.Y.Z".
    public var generator: String
    public var images: [ProcessedImage]
    /// Every HTML page and asset the build wrote, relative to the output.
    public var pages: [String]

    public init(generator: String, images: [ProcessedImage], pages: [String]) {
        self.generator = generator
        self.images = images
        self.pages = pages
    }

    /// The manifest of a previous build, or nil when absent or unreadable
    /// (an unreadable cache only costs a full rebuild).
    public static func load(from folder: URL) -> Manifest? {
        let url = folder.appending(path: fileName)
        guard let data = try? Data(contentsOf: url),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
            manifest.version == currentVersion
        else { return nil }
        return manifest
    }

    /// Writes the manifest one image per line: memory stays the size of one
    /// image's entry whatever the size of the site, and a diff of two
    /// manifests shows the images that changed.
    /// `images` hands each image's JSON (`ImageSummary.encode`) to its
    /// argument, in manifest order.
    static func write(generator: String, pages: [String], to handle: FileHandle, images: ((Data) throws -> Void) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func put(_ text: String) throws { try handle.write(contentsOf: Data(text.utf8)) }
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        try put("{\"generator\":\(try json(generator)),\"version\":\(currentVersion),\n\"images\":[")
        var separator = "\n"
        try images { image in
            try put(separator)
            try handle.write(contentsOf: image)
            separator = ",\n"
        }
        try put("\n],\n\"pages\":[")
        separator = "\n"
        for page in pages {
            try put(separator + (try json(page)))
            separator = ",\n"
        }
        try put("\n]}\n")
    }

    /// Every file the manifest accounts for (variants and pages).
    public var allFiles: Set<String> {
        Set(pages + images.flatMap { $0.variants.map(\.path) })
    }

    /// The files a previous build's manifest lists, from any version of it,
    /// or nil when it is absent or unreadable.
    static func listedFiles(in folder: URL) -> Set<String>? {
        struct Listing: Decodable {
            struct Image: Decodable { var variants: [Path] }
            struct Path: Decodable { var path: String }
            var images: [Image]
            var pages: [String]
        }
        guard let data = try? Data(contentsOf: folder.appending(path: fileName)),
            let listing = try? JSONDecoder().decode(Listing.self, from: data)
        else { return nil }
        return Set(listing.pages + listing.images.flatMap { $0.variants.map(\.path) } + [fileName])
    }
}
