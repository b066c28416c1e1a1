import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// `imgsite-shard.json` in a shard's output folder: what the shard built
/// (each image's record, as in `manifest.json`, and its content hash) and
/// what failed, under which settings. `--merge` reads one per shard.
struct ShardManifest: Codable, Equatable {
    static let fileName = "imgsite-shard.json"

    struct Built: Codable, Equatable {
        /// SHA-256 of the source, as the build database keeps it.
        var content: String
        var image: ProcessedImage
    }

    struct Failure: Codable, Equatable {
        var path: String
        var reason: String
    }

    /// "imgsite X.Y.Z".
    var generator: String
    var shard: Int
    var count: Int
    /// `ImageSettings.key`: shards and merge must agree on every setting.
    var settings: String
    /// Under a whole-site budget, the plan the shard built with: the merge
    /// takes it rather than reading every photo again.
    var budget: BudgetPlan?
    var images: [Built]
    var failed: [Failure]
    /// A private album's images and failures, sealed with its key
    /// (`SealedPart`), by the album's address: a shard's folder, often a CI
    /// artifact, names none of its photos.
    var sealed: [String: String]?

    /// What `sealed` holds for one private album.
    struct SealedPart: Codable {
        var images: [Built]
        var failed: [Failure]
        static let name = "imgsite-shard"
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The budget plan the first of `folders` built with, if it had one.
    static func budgetPlan(_ folders: [URL]) -> BudgetPlan? {
        struct Plan: Decodable { var budget: BudgetPlan? }
        for folder in folders {
            if let data = try? Data(contentsOf: folder.appending(path: fileName)), let read = try? JSONDecoder().decode(Plan.self, from: data) {
                return read.budget
            }
        }
        return nil
    }

    /// The manifests of `folders`: exactly one for each shard 1…n of one
    /// split, built with `settings`; else an error saying what is wrong.
    static func loadAll(_ folders: [URL], settings: String, writer: SiteWriter) throws(BuildError) -> [(folder: URL, manifest: ShardManifest)] {
        var loaded: [(folder: URL, manifest: ShardManifest)] = []
        for folder in folders {
            let file = folder.appending(path: fileName)
            let manifest: ShardManifest
            do {
                manifest = try JSONDecoder().decode(ShardManifest.self, from: Data(contentsOf: file))
            } catch {
                throw BuildError(path: file.path, "is not a shard manifest imgsite can read (was the folder built with --shard?): \(error.localizedDescription)")
            }
            guard manifest.settings == settings else {
                throw BuildError(path: file.path, "was built with other settings or another imgsite version (\(manifest.generator)); build every shard and the merge with the same imgsite.yml and imgsite")
            }
            loaded.append((folder, try writer.opened(manifest, file: file)))
        }
        guard let count = loaded.first?.manifest.count else { throw BuildError(path: "--merge", "needs the output folder of every shard") }
        if let other = loaded.first(where: { $0.manifest.count != count }) {
            throw BuildError(path: other.folder.path, "is shard \(other.manifest.shard)/\(other.manifest.count), not of the same split into \(count)")
        }
        let indices = loaded.map(\.manifest.shard)
        if let twice = indices.first(where: { index in indices.filter { $0 == index }.count > 1 }) {
            throw BuildError(path: "--merge", "has shard \(twice)/\(count) more than once")
        }
        let missing = (1...count).filter { !indices.contains($0) }
        guard missing.isEmpty else {
            throw BuildError(path: "--merge", "is missing shard \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")): give the output folder of every shard")
        }
        return loaded.sorted { $0.manifest.shard < $1.manifest.shard }
    }
}
