import Foundation
import Yams

/// A curation file (an album's `album.yml`, a photo's sidecar) is read
/// failing closed: what cannot be read as meant holds its album or photo
/// back rather than publishing what the file may have hidden. An unknown
/// key is left out with a warning, unless the key it most likely meant is
/// one that hides (`hidden`, `exclude`): then the file is not read as meant.
package enum CurationFile {
    /// Keys that keep things out of the site: a typo of one holds back.
    static let hidingKeys: Set<String> = ["hidden", "exclude"]

    /// The text of the curation file at `path` (`relativePath` for
    /// messages), or why it cannot be read: missing, over `maxBytes`, not UTF-8.
    /// `what`: "an album file", for the size message.
    package static func text(atPath path: String, relativePath: String, maxBytes: Int, what: String) -> Result<String, CurationProblem> {
        let fail = { (reason: String) in Result<String, CurationProblem>.failure(CurationProblem(file: relativePath, reason: reason)) }
        guard let data = FileManager.default.contents(atPath: path) else { return fail("cannot be read") }
        guard data.count <= maxBytes else { return fail("\(data.count) bytes, more than the \(maxBytes) \(what) may hold") }
        guard let text = String(data: data, encoding: .utf8) else { return fail("not UTF-8 text") }
        return .success(text)
    }

    /// The file's root node (nil when empty), or where and why it is not YAML.
    package static func compose(_ text: String, file: String) -> Result<Node?, CurationProblem> {
        do {
            return .success(try Yams.compose(yaml: text))
        } catch let error as YamlError {
            let (place, problem) = error.mistake
            return .failure(CurationProblem(file: file, place: place, reason: "not valid YAML: \(problem)"))
        } catch {
            return .failure(CurationProblem(file: file, place: nil, reason: "not valid YAML: \(error)"))
        }
    }

    /// `key`, which is none of `known`: a warning to give (`.success`),
    /// or, when it most likely meant a key that hides, the problem that
    /// holds the file's album or photo back. `holder`: "an album file holds".
    package static func unknown(_ key: Node, file: String, known: [String], holder: String) -> Result<CurationProblem, CurationProblem> {
        unknown(key.string ?? "", at: YAMLPlace(key), file: file, known: known, holder: holder)
    }

    package static func unknown(_ name: String, at place: YAMLPlace?, file: String, known: [String], holder: String) -> Result<CurationProblem, CurationProblem> {
        let meant = KeySuggestion.nearest(to: name, among: known)
        let list = "(\(holder) \(known.joined(separator: ", ")))"
        guard let meant else { return .success(CurationProblem(file: file, place: place, reason: "unknown key '\(name)' ignored \(list)")) }
        if hidingKeys.contains(meant) {
            return .failure(CurationProblem(file: file, place: place, reason: "unknown key '\(name)': did you mean '\(meant)'? \(list)"))
        }
        return .success(CurationProblem(file: file, place: place, reason: "unknown key '\(name)' ignored: did you mean '\(meant)'? \(list)"))
    }

    /// `true` or `false` (`yes`, `no`…), or the problem naming the value.
    package static func flag(_ name: String, _ value: Node, file: String) -> Result<Bool, CurationProblem> {
        if let scalar = value.scalar, let flag = Bool.construct(from: scalar) { return .success(flag) }
        let given = value.scalar.map { "'\($0.string)'" } ?? "a list or mapping"
        return .failure(CurationProblem(file: file, place: YAMLPlace(value), reason: "\(name) must be true or false, not \(given)"))
    }

    /// A line of text, or the problem naming the value.
    package static func text(_ name: String, _ value: Node, file: String) -> Result<String, CurationProblem> {
        guard let scalar = value.scalar else {
            return .failure(CurationProblem(file: file, place: YAMLPlace(value), reason: "\(name) must be text, not a list or mapping"))
        }
        return .success(scalar.string)
    }
}

/// Something wrong in a curation file: which, where and why.
package struct CurationProblem: Error, Sendable, Equatable {
    package var file: String
    package var place: YAMLPlace? = nil
    package var reason: String

    /// "secret/album.yml:2:1", as compilers and editors name a place.
    package var location: String { YAMLPlace.location(file, place) }
    /// "secret/album.yml:2:1: unknown key 'descripton' ignored: …".
    package var message: String { "\(location): \(reason)" }
}

/// A curation file as read: what it says, and the keys it held that were
/// left out, each a warning.
package struct Curated<Value: Sendable & Equatable>: Sendable, Equatable {
    package var value: Value
    package var ignored: [CurationProblem] = []
}
