import Foundation
import Synchronization

/// The paths changed since the last rebuild began: named once each, relative
/// to the input folder, however many events one save made; and the photos
/// among them waited for until they stop changing.
final class ChangedPaths: Sendable {
    private let root: String
    private let pending = Mutex<[String]>([])
    /// Text files (config, templates, captions) are written whole by their
    /// editors; only other files are waited for.
    static let textExtensions: Set<String> = ["yml", "yaml", "txt", "mustache", "md"]

    init(root: URL) {
        self.root = root.standardizedFileURL.path
    }

    func add(_ paths: [String]) {
        pending.withLock { list in
            for path in paths where !list.contains(path) { list.append(path) }
        }
    }

    /// The paths gathered so far, emptied.
    func take() -> [String] {
        pending.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    /// `changed: a/x.jpg, b/y.jpg and 3 more`, relative to the input folder.
    func describe(_ paths: [String]) -> String {
        let relative = paths.map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }
        return relative.prefix(3).joined(separator: ", ") + (relative.count > 3 ? " and \(relative.count - 3) more" : "")
    }

    /// The paths gathered so far, once none of them has changed for `quiet`
    /// (those that come meanwhile are waited for too); nil when there are
    /// none, as when the rebuild before took them while it waited.
    func settled(for quiet: Duration) async -> [String]? {
        var paths = take()
        while !paths.isEmpty {
            await settle(paths, for: quiet)
            let more = take()
            if more.isEmpty { break }
            paths += more.filter { !paths.contains($0) }
        }
        return paths.isEmpty ? nil : paths
    }

    /// Waits until none of `paths` (photos, not text) has been modified for
    /// `quiet`, so a file copied in pieces is built once it is whole. A file
    /// that goes away is not waited for.
    private func settle(_ paths: [String], for quiet: Duration) async {
        let photos = paths.filter { !Self.textExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        let quietSeconds = Double(quiet.components.seconds) + Double(quiet.components.attoseconds) / 1e18
        while true {
            let newest = photos.compactMap { path in
                (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            }.max()
            guard let newest else { return }
            let age = Date().timeIntervalSince(newest)
            if age >= quietSeconds || age < -1 { return }  // a clock set back: do not wait forever
            try? await Task.sleep(for: .seconds(quietSeconds - age))
        }
    }
}
