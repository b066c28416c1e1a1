import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// A build that would publish in plain what the last build into the same
/// output folder sealed: a private album whose key was removed, whose
/// folder was renamed past its key, whose `album.yml` lost its mark. Such a
/// build stops before writing anything, naming the album, unless
/// `--unseal` says it is meant.
enum UnsealCheck {
    /// Throws when a job published in plain is a photo sealed last time
    /// that this build no longer seals: the same path, the same file (a
    /// rename keeps its inode) or the same name and size (a copy).
    static func refuse(_ jobs: [ImageJob], sealedBefore: [(source: String, identity: FileIdentity)]) throws(BuildError) {
        guard !sealedBefore.isEmpty else { return }
        // Still sealed: a copy of one of them in a public album is the photographer's choice, not a lost mark.
        let sealedNow = Set(jobs.filter { $0.sealedBy != nil }.map(\.source.relativePath))
        let former = sealedBefore.filter { !sealedNow.contains($0.source) }
        guard !former.isEmpty else { return }
        let byPath = Dictionary(former.map { ($0.source, $0.source) }, uniquingKeysWith: { first, _ in first })
        let byFile = Dictionary(former.map { ($0.identity, $0.source) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(former.map { (NameAndSize(path: $0.source, size: $0.identity.size), $0.source) }, uniquingKeysWith: { first, _ in first })
        var exposed: [(now: String, before: String)] = []
        for job in jobs where job.sealedBy == nil {
            let source = job.source
            if let before = byPath[source.relativePath] ?? byFile[source.identity] ?? byName[NameAndSize(path: source.relativePath, size: source.byteCount)] {
                exposed.append((source.relativePath, before))
            }
        }
        guard let first = exposed.first else { return }
        let albums = Dictionary(grouping: exposed) { AlbumMove(before: folder(of: $0.before), now: folder(of: $0.now)) }
            .sorted { $0.key.before < $1.key.before }
            .map { move, photos in
                let count = "\(photos.count) photo\(photos.count == 1 ? "" : "s")"
                return move.before == move.now ? "\(move.before)/ (\(count))" : "\(move.before)/ as \(move.now)/ (\(count))"
            }
        throw BuildError(path: folder(of: first.before), "the last build into this output folder sealed it as a private album; this build would "
            + "publish it in plain: \(albums.joined(separator: ", ")). Mark it private again (albums.<folder>.private in imgsite.yml, "
            + "or private: in its album.yml), or pass --unseal if it is meant to be public now; nothing was written")
    }

    private static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    private struct AlbumMove: Hashable {
        var before: String
        var now: String
    }

    /// A file's name and size, wherever it is.
    private struct NameAndSize: Hashable {
        var name: String
        var size: Int

        init(path: String, size: Int) {
            (name, self.size) = ((path as NSString).lastPathComponent, size)
        }
    }
}
