import Foundation

/// Writes an album of any size without copying a photo or encoding one:
/// symbolic links to 22 corpus photos of 1280–3840 px, under distinct
/// names. Each link is its own photo to imgsite (its own pages and variant
/// names), while the cache encodes each distinct photo once.
///
/// The five dated photos come once each (an album puts dated photos first,
/// so repeating them would fill the first pages with one photo); the
/// undated ones follow in a rotation, so every screen shows a mix of
/// shapes, colours and textures (grainy sand, foliage, flat sky) as a real
/// library does.
enum LargeAlbum {
    static let dated = ["nature/Dune.jpg", "nature/Blinds.jpg", "nature/Wood.jpg", "nature/Storm.jpg", "large/string.jpg"]
    static let undated = ["Aqua", "FreshFlower", "Garden", "GreenMeadow", "LadyBird", "RainDrops", "TwoWings", "YellowFlower"]
        .map { "nature/\($0).jpg" } + ["large/2004default.jpg"] + (1...8).map { "orientation/Landscape_\($0).jpg" }

    /// `input/album/photo-00001.jpg` … `photo-NNNNN.jpg`; returns `input`.
    static func make(count: Int, album: String = "big") throws -> URL {
        let input = try Corpus.scratch("large-album")
        let folder = input.appendingPathComponent(album)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // 7 is prime to the rotation's 17: neighbours are never the same photo.
        let sources = dated + (0..<max(0, count - dated.count)).map { undated[($0 * 7) % undated.count] }
        for (index, source) in sources.prefix(count).enumerated() {
            let name = String(format: "photo-%05d.jpg", index + 1)
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: Corpus.photo(source))
        }
        return input
    }
}
