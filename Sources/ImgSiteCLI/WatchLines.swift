import ImgSiteCore
import Synchronization

/// What `imgsite watch` prints of each rebuild: the images it failed or
/// built with warnings, and the warnings of the images it looked at again
/// and served from the cache (a sidecar saved broken). Not the warnings of
/// the images it did not look at: each save would repeat every damaged
/// photo of the library.
final class WatchLines: Sendable {
    private let lookedAt = Mutex<Set<String>>([])

    /// The line to print for `event`, if any (called from the build's threads).
    func line(for event: BuildEvent) -> String? {
        switch event {
        case .started:
            lookedAt.withLock { $0.removeAll() }
        case .processing(let path):
            lookedAt.withLock { _ = $0.insert(path) }
        case let .upToDate(path, warnings) where !warnings.isEmpty:
            return lookedAt.withLock { $0.contains(path) } ? ImageLine.line(for: event)?.text : nil
        default:
            if let (status, text) = ImageLine.line(for: event), status == .failed || status == .warning { return text }
        }
        return nil
    }
}
